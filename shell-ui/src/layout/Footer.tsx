import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="app__footer container-fluid">
      <span>{t('layout.footer', { year: new Date().getFullYear() })}</span>
    </footer>
  );
}
