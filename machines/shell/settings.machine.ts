import { assign, setup } from 'xstate';
import { DEFAULT_THEME_COLOR, MOBILE_BREAKPOINT_PX } from '../../domain/constants';

export type ElementSize = 'small' | 'normal' | 'large';

/** What the settings drawer changes (SPEC §2), saved for the next visit. */
export interface Preferences {
  themeColor: string;
  tabsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  pinyinSearch: boolean;
  size: ElementSize;
}

export const defaultPreferences: Preferences = {
  themeColor: DEFAULT_THEME_COLOR,
  tabsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  pinyinSearch: true,
  size: 'small',
};

export interface SettingsInput {
  preferences: Partial<Preferences>;
  sidebarOpened: boolean;
  viewportWidth: number;
}

export type SettingsEvent =
  | { type: 'drawer.open' }
  | { type: 'drawer.close' }
  | { type: 'preference.change'; preferences: Partial<Preferences> }
  | { type: 'preferences.reset' }
  | { type: 'sidebar.toggle' }
  | { type: 'viewport.resize'; width: number }
  | { type: 'page.open' };

const isValidColor = (c: unknown) => typeof c === 'string' && /^#[0-9a-fA-F]{6}$/.test(c);

/** Keeps only known preferences with valid values, so a damaged saved copy cannot break the shell. */
export function cleanPreferences(saved: Partial<Preferences>): Preferences {
  const result = { ...defaultPreferences };
  for (const key of ['tabsView', 'fixedHeader', 'sidebarLogo', 'pinyinSearch'] as const) {
    if (typeof saved[key] === 'boolean') result[key] = saved[key];
  }
  if (isValidColor(saved.themeColor)) result.themeColor = saved.themeColor!;
  if (saved.size === 'small' || saved.size === 'normal' || saved.size === 'large') result.size = saved.size;
  return result;
}

/**
 * The settings drawer, the sidebar and the device class (SPEC §2, §4): the sidebar's open or closed
 * choice is kept, and a narrow screen (below 992 px) closes it.
 */
export const settingsMachine = setup({
  types: {
    context: {} as { preferences: Preferences; sidebarPreferred: boolean; initialWidth: number },
    events: {} as SettingsEvent,
    input: {} as SettingsInput,
  },
  actions: {
    savePreferences: (_, _params: { preferences: Preferences }) => {},
    saveSidebar: (_, _params: { opened: boolean }) => {},
  },
  guards: {
    isMobileWidth: ({ event }) => event.type === 'viewport.resize' && event.width < MOBILE_BREAKPOINT_PX,
    isDesktopWidth: ({ event }) => event.type === 'viewport.resize' && event.width >= MOBILE_BREAKPOINT_PX,
    startsMobile: ({ context }) => context.initialWidth < MOBILE_BREAKPOINT_PX,
    prefersOpen: ({ context }) => context.sidebarPreferred,
  },
}).createMachine({
  id: 'settings',
  type: 'parallel',
  context: ({ input }) => ({
    preferences: cleanPreferences(input.preferences),
    sidebarPreferred: input.sidebarOpened,
    initialWidth: input.viewportWidth,
  }),
  on: {
    'preference.change': {
      actions: [
        assign({
          preferences: ({ context, event }) =>
            cleanPreferences({ ...context.preferences, ...event.preferences }),
        }),
        { type: 'savePreferences', params: ({ context }) => ({ preferences: context.preferences }) },
      ],
    },
    'preferences.reset': {
      actions: [
        assign({ preferences: defaultPreferences }),
        { type: 'savePreferences', params: () => ({ preferences: defaultPreferences }) },
      ],
    },
  },
  states: {
    drawer: {
      initial: 'closed',
      states: {
        closed: { on: { 'drawer.open': 'open' } },
        open: { on: { 'drawer.close': 'closed' } },
      },
    },
    device: {
      initial: 'measuring',
      states: {
        measuring: {
          always: [{ guard: 'startsMobile', target: 'mobile' }, { target: 'desktop' }],
        },
        desktop: {
          initial: 'choosing',
          states: {
            choosing: {
              always: [{ guard: 'prefersOpen', target: 'sidebarOpened' }, { target: 'sidebarCollapsed' }],
            },
            sidebarOpened: {
              on: {
                'sidebar.toggle': {
                  target: 'sidebarCollapsed',
                  actions: [
                    assign({ sidebarPreferred: false }),
                    { type: 'saveSidebar', params: { opened: false } },
                  ],
                },
              },
            },
            sidebarCollapsed: {
              on: {
                'sidebar.toggle': {
                  target: 'sidebarOpened',
                  actions: [
                    assign({ sidebarPreferred: true }),
                    { type: 'saveSidebar', params: { opened: true } },
                  ],
                },
              },
            },
          },
          on: { 'viewport.resize': { guard: 'isMobileWidth', target: 'mobile' } },
        },
        mobile: {
          description: 'Below 992 px the sidebar is closed and opens over the page.',
          initial: 'sidebarCollapsed',
          states: {
            sidebarCollapsed: { on: { 'sidebar.toggle': 'sidebarOpened' } },
            sidebarOpened: {
              on: {
                'sidebar.toggle': 'sidebarCollapsed',
                'page.open': {
                  target: 'sidebarCollapsed',
                  description: 'On a phone the menu closes once a page opens.',
                },
              },
            },
          },
          on: { 'viewport.resize': { guard: 'isDesktopWidth', target: 'desktop' } },
        },
      },
    },
  },
});
