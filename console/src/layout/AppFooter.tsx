import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '@contract/user';
import { readString } from '../api/storage';
import { useStatus } from '../features/status/StatusProvider';

/** The site's footer HTML (sanitised by the server when saved) or a default credit line. */
export function AppFooter() {
  const { t } = useTranslation();
  const { status } = useStatus();
  const html = status ? status.footer_html : readString(STORAGE_KEYS.footer);
  if (html) return <div className="gc-footer-html" dangerouslySetInnerHTML={{ __html: html }} />;
  const name = status?.system_name || t('app.defaultName');
  return <div className="gc-footer-credit">{t('footer.credit', { name, year: new Date().getFullYear() })}</div>;
}
