// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { Pagination } from './pagination';

/**
 * Issue 25, point 2: a total counted up to a cap is a floor. The pager still pages on past the pages
 * it makes while the server says more follow, says that there are more, and names the true end.
 */
afterEach(() => cleanup());

const CAP = 10_000;

function pager(props: { page: number; totalElements: number; last: boolean; countCap?: number }) {
  const onChange = vi.fn();
  renderWithProviders(<Pagination size={20} onChange={onChange} {...props} />);
  const next = screen.getByRole<HTMLButtonElement>('button', { name: '다음 페이지' });
  const status = screen.getByRole('navigation').querySelector('[aria-current="page"]') as HTMLElement;
  return { onChange, next, status };
}

describe('Pagination', () => {
  it('counts an exact total as it is', () => {
    const { status, next } = pager({ page: 2, totalElements: 95, last: false });
    expect(status.textContent).toBe('3 / 5');
    expect(status.title).toBe('');
    expect(next.disabled).toBe(false);
  });

  it('says a capped total is a floor, from the first page on', () => {
    const { status } = pager({ page: 0, totalElements: CAP, last: false, countCap: CAP });
    expect(status.textContent).toBe('1 / 500+');
    expect(status.title).toBe('뒤에 페이지가 더 있습니다');
  });

  it('pages on past the counted pages while the server says more follow', () => {
    const { status, next, onChange } = pager({ page: 499, totalElements: CAP, last: false, countCap: CAP });
    expect(status.textContent).toBe('500 / 500+');
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    expect(onChange).toHaveBeenCalledWith(500);
    cleanup();
    expect(pager({ page: 612, totalElements: CAP, last: false, countCap: CAP }).status.textContent).toBe('613 / 613+');
  });

  it('names the true end when it is reached past the cap, and goes no further', () => {
    const { status, next } = pager({ page: 612, totalElements: CAP, last: true, countCap: CAP });
    expect(status.textContent).toBe('613 / 613');
    expect(next.disabled).toBe(true);
  });

  it('a list without a cap never claims more than its total', () => {
    expect(pager({ page: 0, totalElements: CAP, last: false }).status.textContent).toBe('1 / 500');
  });
});
