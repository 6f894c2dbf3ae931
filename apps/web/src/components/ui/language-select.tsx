import { isLocale, locales, useLocale, type Locale } from '../../lib/i18n/i18n';

/** Each language named in itself, so a person who cannot read the current one still finds theirs. */
const localeNames: Record<Locale, string> = { ko: '한국어', en: 'English' };

/**
 * The studio's language. One control for the footer and the profile page: changing either changes
 * both, as both read the one current locale. `onChoose` applies and keeps the choice (the signed-in
 * studio keeps it with the person, features/users/api/my-language.ts).
 */
export function LanguageSelect({ id, className, describedBy, onChoose }: { id: string; className?: string; describedBy?: string; onChoose: (locale: Locale) => Promise<void> }) {
  const locale = useLocale();
  return (
    <select
      id={id}
      className={className}
      value={locale}
      aria-describedby={describedBy}
      onChange={(event) => {
        if (isLocale(event.target.value)) void onChoose(event.target.value);
      }}
    >
      {locales.map((value) => (
        <option key={value} value={value} lang={value}>
          {localeNames[value]}
        </option>
      ))}
    </select>
  );
}
