import { isLocale, locales, setLocale, useLocale, type Locale } from '../../lib/i18n/i18n';

/** Each language named in itself, so a person who cannot read the current one still finds theirs. */
const localeNames: Record<Locale, string> = { ko: '한국어', en: 'English' };

/**
 * The studio's language (kept in this browser's storage by lib/i18n). One control for the footer and
 * the profile page: changing either changes both, as both read the one current locale.
 */
export function LanguageSelect({ id, className, describedBy }: { id: string; className?: string; describedBy?: string }) {
  const locale = useLocale();
  return (
    <select
      id={id}
      className={className}
      value={locale}
      aria-describedby={describedBy}
      onChange={(event) => {
        if (isLocale(event.target.value)) void setLocale(event.target.value);
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
