import { describe, expect, it } from 'vitest';
import { connectionStatements, PLANNED_EACH_TIME, statementName } from './prepared-statements';

describe('named prepared statements', () => {
  it('names one statement that reads or writes rows, by its text, the same every time', () => {
    const text = 'select "id" from "users" where "login" = $1';
    expect(statementName(text)).toMatch(/^s_[\w-]{27}$/);
    expect(statementName(text)).toBe(statementName(`${text}`.slice(0)));
    expect(statementName('select 1')).not.toBe(statementName('select 2'));
    for (const text of ['insert into t values ($1)', 'UPDATE t SET a = $1', 'delete from t', 'with x as (select 1) select * from x']) {
      expect(statementName(text)).toBeDefined();
    }
  });

  it('sends everything else as it came: several statements, transaction control, DDL, LISTEN', () => {
    for (const text of ['begin', 'commit', 'SET LOCAL statement_timeout = 0', 'create table t (id int)', 'LISTEN x', 'select 1; select 2', 'SELECT pg_advisory_lock(1);']) {
      expect(statementName(text), text).toBeUndefined();
    }
  });

  it('sends a statement marked planned each time unnamed, so it is planned with its values', () => {
    const text = `select "id" from "contents" where "title" ilike $1 ${PLANNED_EACH_TIME}`;
    expect(statementName(text)).toBeUndefined();
    expect(connectionStatements().config(text, ['%x%'])).toEqual({ text, values: ['%x%'] });
  });

  it('keeps at most its bound of names per connection; a text it named before stays named', () => {
    const statements = connectionStatements(3);
    const texts = ['select 1', 'select 2', 'select 3', 'select 4'];
    const configs = texts.map((text) => statements.config(text, []));
    expect(configs.slice(0, 3).every((config) => config.name !== undefined)).toBe(true);
    expect(configs[3]).toEqual({ text: 'select 4', values: [] });
    expect(statements.size).toBe(3);
    expect(statements.config('select 2', [1]).name).toBe(configs[1]?.name);
    expect(statements.config('begin', undefined)).toEqual({ text: 'begin' });
  });
});
