import { useApp, useLang, useT } from '../app-context';

/** zh ⇄ en; the choice is kept in a cookie by the locale actor. */
export function LanguageSwitch() {
  const { locale } = useApp();
  const lang = useLang();
  const t = useT();
  const next = lang === 'zh' ? 'en' : 'zh';
  return (
    <button
      type="button"
      className="portal-link-button"
      title={t('app.language.switch')}
      onClick={() => locale.send({ type: 'locale.change', lang: next })}
    >
      {t(`app.language.${next}`)}
    </button>
  );
}
