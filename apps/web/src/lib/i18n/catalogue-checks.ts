import { messageArguments } from './message-format';

const hangul = /\p{Script=Hangul}/u;

/**
 * What is wrong with a pair of catalogues, for their tests: keys in one
 * language only, empty texts, texts whose arguments differ between the
 * languages, unparsable texts, and Korean left in the English one.
 */
export function catalogueProblems(ko: Record<string, string>, en: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(ko)) if (!(key in en)) problems.push(`${key}: no English text`);
  for (const key of Object.keys(en)) if (!(key in ko)) problems.push(`${key}: English only`);
  for (const [key, korean] of Object.entries(ko)) {
    const english = en[key];
    if (english === undefined) continue;
    if (!korean.trim() || !english.trim()) problems.push(`${key}: empty text`);
    if (hangul.test(english)) problems.push(`${key}: Korean in the English text`);
    try {
      const [a, b] = [messageArguments(korean).join(), messageArguments(english).join()];
      if (a !== b) problems.push(`${key}: arguments {${a}} in Korean but {${b}} in English`);
    } catch (error) {
      problems.push(`${key}: ${String(error)}`);
    }
  }
  return problems;
}
