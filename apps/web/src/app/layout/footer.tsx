import { useId } from 'react';
import { Link } from 'react-router';
import { isLocale, locales, setLocale, useLocale, useT, type Locale } from '../../lib/i18n/i18n';
import styles from './footer.module.css';

const localeNames: Record<Locale, string> = { ko: '한국어', en: 'English' };

export function Footer() {
  const t = useT();
  const locale = useLocale();
  const selectId = useId();
  return (
    <footer className={styles.footer}>
      <nav aria-label={t('footer.label')}>
        <ul className={styles.links}>
          <li>
            <Link to="/policy/terms">{t('footer.terms')}</Link>
          </li>
          <li>
            <Link to="/policy/privacy" className={styles.privacy}>
              {t('footer.privacy')}
            </Link>
          </li>
          <li>
            <Link to="/help">{t('footer.help')}</Link>
          </li>
          <li>
            <Link to="/guide">{t('footer.guide')}</Link>
          </li>
        </ul>
      </nav>
      <div className={styles.end}>
        <div className={styles.language}>
          <label htmlFor={selectId}>{t('footer.language')}</label>
          <select
            id={selectId}
            className={styles.select}
            value={locale}
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
        </div>
        <small>{t('footer.copyright')}</small>
      </div>
    </footer>
  );
}
