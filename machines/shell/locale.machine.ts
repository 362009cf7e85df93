import { assign, setup } from 'xstate';
import type { Lang } from '../../services/preferences.service';

/** The interface language (SPEC §4). Saving the choice is a named action the app provides. */
export const localeMachine = setup({
  types: {
    context: {} as { lang: Lang },
    events: {} as { type: 'locale.change'; lang: Lang },
    input: {} as { lang: Lang },
  },
  actions: {
    saveLanguage: (_, _params: { lang: Lang }) => {},
  },
}).createMachine({
  id: 'locale',
  context: ({ input }) => ({ lang: input.lang }),
  on: {
    'locale.change': {
      actions: [
        assign({ lang: ({ event }) => event.lang }),
        { type: 'saveLanguage', params: ({ event }) => ({ lang: event.lang }) },
      ],
    },
  },
});
