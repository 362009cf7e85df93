import { ROLE } from '../../domain/roles';

/**
 * The default loan approval bands (notes §4.7 rule 1), as the reference step enters them: up to
 * 300,000 yuan the province manager; up to 1,000,000 also sales operations; above that also the
 * executive. Kept apart from the rules so the reference step loads nothing of the resource engine.
 */
export const DEFAULT_LOAN_BANDS: [min: string, max: string | null, roles: string[]][] = [
  ['0.00', '300000.00', [ROLE.provinceManager]],
  ['300000.00', '1000000.00', [ROLE.provinceManager, ROLE.salesOperations]],
  ['1000000.00', null, [ROLE.provinceManager, ROLE.salesOperations, ROLE.executive]],
];

const STEPS = ['firstRole', 'secondRole', 'thirdRole', 'fourthRole'];

/** A band's data as its form saves it. */
export const bandData = ([min, max, roles]: (typeof DEFAULT_LOAN_BANDS)[number]) => ({
  MinAmount: min,
  MaxAmount: max,
  ...Object.fromEntries(roles.map((role, i) => [STEPS[i], role])),
  Enabled: true,
});
