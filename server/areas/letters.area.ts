import { commitmentLetterHooks } from '../letters/letter.hooks';
import { letterStorages } from '../letters/letter.storage';
import { type AreaParts, defineArea, stored } from './area';

/** Commitment letters, written only through their commands (server/letters). */
export const lettersArea = defineArea(
  'letters',
  (): AreaParts<'letters'> => ({
    resources: stored(letterStorages, { commitmentLetter: { routes: 'commands' } }),
    workflows: { commitmentLetter: commitmentLetterHooks },
  }),
);
