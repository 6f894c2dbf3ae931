import { useId } from 'react';
import { Link } from 'react-router';
import { LanguageSelect } from '../../components/ui/language-select';
import { chooseLanguage } from '../../features/users/api/my-language';
import { useT } from '../../lib/i18n/i18n';
import styles from './footer.module.css';

export function Footer() {
  const t = useT();
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
          <LanguageSelect onChoose={chooseLanguage} id={selectId} className={styles.select} />
        </div>
        <small>{t('footer.copyright')}</small>
      </div>
    </footer>
  );
}
