import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { ColorPicker } from 'primereact/colorpicker';
import { InputSwitch } from 'primereact/inputswitch';
import { SelectButton } from 'primereact/selectbutton';
import { Sidebar as Drawer } from 'primereact/sidebar';
import type { Preferences } from '../../machines/shell/settings.machine';
import { useApp, useLang, useT } from '../app-context';
import { switchPt } from '../kit/a11y-pt';

const switches: (keyof Pick<Preferences, 'tabsView' | 'fixedHeader' | 'sidebarLogo' | 'pinyinSearch'>)[] = [
  'tabsView',
  'fixedHeader',
  'sidebarLogo',
  'pinyinSearch',
];

/** SPEC §2 settings drawer: theme colour, tabs, fixed header, sidebar logo, pinyin search (Chinese only). */
export function SettingsDrawer() {
  const { settings } = useApp();
  const t = useT();
  const lang = useLang();
  const visible = useSelector(settings, (s) => s.matches({ drawer: 'open' }));
  const preferences = useSelector(settings, (s) => s.context.preferences);
  const change = (patch: Partial<Preferences>) =>
    settings.send({ type: 'preference.change', preferences: patch });

  return (
    <Drawer
      visible={visible}
      position="right"
      onHide={() => settings.send({ type: 'drawer.close' })}
      header={t('app.settings.title')}
      className="portal-settings"
    >
      <div className="portal-setting">
        <span>{t('app.settings.themeColor')}</span>
        <ColorPicker
          value={preferences.themeColor.slice(1)}
          onChange={(e) => typeof e.value === 'string' && change({ themeColor: `#${e.value}` })}
          aria-label={t('app.settings.themeColor')}
        />
      </div>
      {switches
        .filter((key) => key !== 'pinyinSearch' || lang === 'zh')
        .map((key) => (
          <div className="portal-setting" key={key}>
            <label htmlFor={`setting-${key}`}>{t(`app.settings.${key}`)}</label>
            <InputSwitch
              inputId={`setting-${key}`}
              checked={preferences[key]}
              onChange={(e) => change({ [key]: e.value })}
              pt={switchPt}
            />
          </div>
        ))}
      <div className="portal-setting">
        <span>{t('app.settings.size')}</span>
        <SelectButton
          value={preferences.size}
          allowEmpty={false}
          options={(['small', 'normal', 'large'] as const).map((size) => ({
            label: t(`app.settings.sizes.${size}`),
            value: size,
          }))}
          onChange={(e) => e.value && change({ size: e.value })}
        />
      </div>
      <Button
        label={t('app.settings.reset')}
        text
        onClick={() => settings.send({ type: 'preferences.reset' })}
      />
    </Drawer>
  );
}
