/**
 * PrimeReact's Dropdown keeps a hidden native <select> for forms; it has no label of its own, and
 * screen readers and axe would count it as a second, unnamed field beside the visible, labelled one.
 * Hidden from assistive technology it leaves only the labelled control.
 */
export const hiddenSelectPt = {
  select: { 'aria-hidden': true },
  // The arrow is a role=button named only by the placeholder; the focusable combobox is the control.
  trigger: { 'aria-hidden': true },
} as const;

/** The same for the rows-per-page dropdown of a DataTable's paginator. */
export const paginatorPt = { paginator: { RPPDropdown: hiddenSelectPt } } as const;

/**
 * A DataTable gives its selection checkboxes role=checkbox and a tab stop on the outer element, around
 * PrimeReact's own focusable, labelled checkbox input: two nested controls, and a role without its
 * state. The input alone is the checkbox.
 */
const inputOnly = { root: { role: undefined, tabIndex: undefined } };
export const selectionColumnPt = { rowCheckbox: inputOnly, headerCheckbox: inputOnly };

/**
 * An InputSwitch wraps its own labelled role=switch input in an element with role=checkbox: two nested
 * controls. The input alone is the switch.
 */
export const switchPt = { root: { role: undefined, 'aria-checked': undefined } } as const;
