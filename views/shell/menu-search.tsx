import { useSelector } from '@xstate/react';
import PinyinMatch from 'pinyin-match';
import { AutoComplete } from 'primereact/autocomplete';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { searchablePages } from '../../machines/shell/menu';
import { useApp, useLang, useT } from '../app-context';
import { useMenus } from './use-menus';

interface Hit {
  label: string;
  path: string;
}

/**
 * Finds a page by its title; in Chinese also by pinyin or its initials (SPEC §2 settings: pinyin
 * menu search, Chinese only).
 */
export function MenuSearch() {
  const { settings } = useApp();
  const t = useT();
  const lang = useLang();
  const [, navigate] = useLocation();
  const pinyin = useSelector(settings, (s) => s.context.preferences.pinyinSearch) && lang === 'zh';
  const { allowed } = useMenus();
  const [value, setValue] = useState<string | Hit>('');
  const [hits, setHits] = useState<Hit[]>([]);
  const candidates = useMemo(
    () => searchablePages(allowed).map((p) => ({ label: t(p.titleKey), path: p.path })),
    [allowed, t],
  );

  const search = (query: string) => {
    const q = query.trim().toLowerCase();
    if (!q) return setHits([]);
    setHits(
      candidates
        .filter(
          (c) => c.label.toLowerCase().includes(q) || (pinyin && PinyinMatch.match(c.label, q) !== false),
        )
        .slice(0, 20),
    );
  };

  return (
    <AutoComplete
      className="portal-menu-search"
      inputClassName="portal-menu-search-input"
      placeholder={t('app.shell.search')}
      aria-label={t('app.shell.search')}
      value={value}
      suggestions={hits}
      field="label"
      completeMethod={(e) => search(e.query)}
      onChange={(e) => setValue(e.value)}
      onSelect={(e) => {
        setValue('');
        navigate((e.value as Hit).path);
      }}
    />
  );
}
