import { assign, emit, setup } from 'xstate';

export interface Tab {
  /** The full path with its query: the tab's identity (SPEC §2 refresh goes through /redirect{fullPath}). */
  fullPath: string;
  pageId: string;
  pinned: boolean;
  /** A detail or edit tab: the menu page it was opened from (menu highlight and breadcrumb follow it). */
  from?: string;
}

export interface TabsContext {
  tabs: Tab[];
  active?: string;
  /** The tab whose right-click menu is open. */
  menuFor?: string;
}

export type TabsEvent =
  | { type: 'tab.open'; tab: Tab }
  | { type: 'tab.show'; fullPath: string }
  | { type: 'tab.close'; fullPath: string }
  | { type: 'menu.open'; fullPath: string }
  | { type: 'menu.close' }
  | { type: 'menu.refresh' }
  | { type: 'menu.close.tab' }
  | { type: 'menu.close.others' }
  | { type: 'menu.close.all' }
  | { type: 'tabs.reset'; tabs: Tab[] };

export type TabsEmitted = { type: 'navigate'; to: string };

const isClosable = (tabs: Tab[], fullPath: string) => tabs.some((t) => t.fullPath === fullPath && !t.pinned);

/** After closing the active tab the user lands on its neighbour, else on the last pinned tab. */
function landingAfter(before: Tab[], after: Tab[], closed: string): string | undefined {
  const index = before.findIndex((t) => t.fullPath === closed);
  return (after[Math.min(index, after.length - 1)] ?? after[after.length - 1])?.fullPath;
}

/**
 * The open-page tabs (SPEC §2 navigation chrome): open, close, close others, close all, refresh, with
 * pinned tabs that never close. Saving the list per user is a named action the app provides.
 */
export const tabsMachine = setup({
  types: {
    context: {} as TabsContext,
    events: {} as TabsEvent,
    input: {} as { tabs: Tab[]; active?: string },
    emitted: {} as TabsEmitted,
  },
  actions: {
    persist: (_, _params: { tabs: Tab[]; active?: string }) => {},
  },
  guards: {
    isMenuTabClosable: ({ context }) =>
      context.menuFor !== undefined && isClosable(context.tabs, context.menuFor),
    isOpenTab: ({ context, event }) =>
      event.type === 'menu.open' && context.tabs.some((t) => t.fullPath === event.fullPath),
    isShownTabOpen: ({ context, event }) =>
      event.type === 'tab.show' && context.tabs.some((t) => t.fullPath === event.fullPath),
    isClosable: ({ context, event }) =>
      event.type === 'tab.close' && isClosable(context.tabs, event.fullPath),
  },
}).createMachine({
  id: 'tabs',
  context: ({ input }) => ({ tabs: input.tabs, active: input.active }),
  initial: 'browsing',
  on: {
    'tab.open': {
      description: 'Opening a page activates its tab, adding it when it is not open yet.',
      actions: [
        assign(({ context, event }) => ({
          // An open tab takes the page it shows now (its path may have been opened with an older page).
          tabs: context.tabs.some((t) => t.fullPath === event.tab.fullPath)
            ? context.tabs.map((t) =>
                t.fullPath === event.tab.fullPath
                  ? { ...event.tab, pinned: t.pinned || event.tab.pinned, from: event.tab.from ?? t.from }
                  : t,
              )
            : [...context.tabs, event.tab],
          active: event.tab.fullPath,
        })),
        { type: 'persist', params: ({ context }) => ({ tabs: context.tabs, active: context.active }) },
      ],
    },
    'tab.show': {
      guard: 'isShownTabOpen',
      description:
        'Choosing a tab in the tab bar shows it as it was: it keeps the list it was opened from, whatever tab was shown before.',
      actions: [
        assign({ active: ({ event }) => event.fullPath }),
        { type: 'persist', params: ({ context }) => ({ tabs: context.tabs, active: context.active }) },
      ],
    },
    'tab.close': {
      guard: 'isClosable',
      target: '.browsing',
      description: 'Pinned tabs cannot be closed; closing a tab also closes an open tab menu.',
      actions: [
        assign(({ context, event }) => {
          const tabs = context.tabs.filter((t) => t.fullPath !== event.fullPath);
          const active =
            context.active === event.fullPath
              ? landingAfter(context.tabs, tabs, event.fullPath)
              : context.active;
          return { tabs, active };
        }),
        emit(({ context }) => ({ type: 'navigate' as const, to: context.active ?? '/dashboard' })),
        { type: 'persist', params: ({ context }) => ({ tabs: context.tabs, active: context.active }) },
      ],
    },
    'tabs.reset': {
      description: 'Logging out clears every open tab but the pinned ones.',
      target: '.browsing',
      actions: [
        assign(({ event }) => ({ tabs: event.tabs, active: undefined, menuFor: undefined })),
        { type: 'persist', params: ({ context }) => ({ tabs: context.tabs, active: context.active }) },
      ],
    },
  },
  states: {
    browsing: {
      entry: assign({ menuFor: undefined }),
      on: {
        'menu.open': {
          guard: 'isOpenTab',
          target: 'menuOpen',
          actions: assign({ menuFor: ({ event }) => event.fullPath }),
        },
      },
    },
    menuOpen: {
      description: 'The right-click menu of one tab: refresh, close, close others, close all.',
      on: {
        'menu.open': {
          guard: 'isOpenTab',
          target: 'menuOpen',
          reenter: true,
          actions: assign({ menuFor: ({ event }) => event.fullPath }),
        },
        'menu.close': 'browsing',
        'menu.refresh': {
          target: 'browsing',
          description: 'Refresh re-opens the page through /redirect{fullPath}.',
          actions: emit(({ context }) => ({ type: 'navigate' as const, to: `/redirect${context.menuFor}` })),
        },
        'menu.close.tab': [
          {
            guard: 'isMenuTabClosable',
            target: 'browsing',
            actions: [
              assign(({ context }) => {
                const tabs = context.tabs.filter((t) => t.fullPath !== context.menuFor);
                const active =
                  context.active === context.menuFor
                    ? landingAfter(context.tabs, tabs, context.menuFor!)
                    : context.active;
                return { tabs, active };
              }),
              emit(({ context }) => ({ type: 'navigate' as const, to: context.active ?? '/dashboard' })),
              { type: 'persist', params: ({ context }) => ({ tabs: context.tabs, active: context.active }) },
            ],
          },
          { target: 'browsing' },
        ],
        'menu.close.others': {
          target: 'browsing',
          description: 'Keeps the chosen tab and the pinned ones, and shows the chosen tab.',
          actions: [
            assign(({ context }) => ({
              tabs: context.tabs.filter((t) => t.pinned || t.fullPath === context.menuFor),
              active: context.menuFor,
            })),
            emit(({ context }) => ({ type: 'navigate' as const, to: context.active ?? '/dashboard' })),
            { type: 'persist', params: ({ context }) => ({ tabs: context.tabs, active: context.active }) },
          ],
        },
        'menu.close.all': {
          target: 'browsing',
          description: 'Only the pinned tabs stay; the last of them is shown.',
          actions: [
            assign(({ context }) => {
              const tabs = context.tabs.filter((t) => t.pinned);
              return { tabs, active: tabs[tabs.length - 1]?.fullPath };
            }),
            emit(({ context }) => ({ type: 'navigate' as const, to: context.active ?? '/dashboard' })),
            { type: 'persist', params: ({ context }) => ({ tabs: context.tabs, active: context.active }) },
          ],
        },
      },
    },
  },
});
