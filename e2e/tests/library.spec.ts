import { expect, login, test } from './fixtures';
import { contents } from './world';

// Issue 25, point 2: the channel home's contents searched in the URL, rows selected with the keyboard,
// hidden at once after one confirmation, a row that could not be hidden named with its reason.

test.describe('content library', () => {
  test('search, select the page, hide at once after one confirmation; a refused row is named with why', async ({ page, world }) => {
    const me = await world.person('Owner');
    const channel = await world.channel(me, { channel_type: 'MEDIA_CHANNEL', use_document_write: true, use_post_write: true });
    await contents(world, channel.id, me, [
      ['POST', 'PUBLIC', '봄 소식 하나', 10],
      ['POST', 'PUBLIC', '봄 소식 둘', 20],
      ['SHORTS', 'REPORT_BLIND', '봄 소식 가려진 루프', 30],
      ['POST', 'PUBLIC', '겨울 이야기', 40],
    ]);
    await login(page, me, `/studio/channels/${channel.id}`);
    const rows = page.getByRole('list', { name: '콘텐츠' }).getByRole('listitem');
    await expect(rows).toHaveCount(4);

    await page.getByRole('searchbox', { name: '제목으로 검색' }).fill('봄 소식');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(rows).toHaveCount(3);

    // The keyboard alone: focus the page's box and press space.
    await page.getByRole('checkbox', { name: '이 페이지 모두 선택' }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('3개 선택됨')).toBeVisible();
    await page.getByRole('region', { name: '선택한 콘텐츠 관리' }).getByRole('button', { name: '비공개로 전환' }).click();

    const dialog = page.getByRole('dialog', { name: '3개를 비공개로 전환할까요?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '비공개로 전환' }).click();

    const result = page.getByRole('alertdialog', { name: '1개는 처리하지 못했습니다.' });
    await expect(result).toContainText('봄 소식 가려진 루프');
    await expect(result).toContainText('‘신고로 가려짐’ 상태에서는 할 수 없습니다.');
    await result.getByRole('button', { name: '닫기' }).click();

    await expect(rows.filter({ hasText: '봄 소식 하나' })).toContainText('비공개');
    await expect(rows.filter({ hasText: '봄 소식 둘' })).toContainText('비공개');
    await expect(rows.filter({ hasText: '봄 소식 가려진 루프' })).toContainText('신고로 가려짐');
    await expect(page.getByText('3개 선택됨')).toHaveCount(0);

    // Back leaves the search: the whole list again, the other row untouched.
    await page.goBack();
    await expect(rows).toHaveCount(4);
    await expect(rows.filter({ hasText: '겨울 이야기' })).toContainText('공개');
  });
});
