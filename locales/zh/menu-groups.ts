/** Side-menu sub-group titles (catalogue `group`), keyed by module then group. */
export const menuGroup = {
  ordersSetup: { payment: '回款与开票', loans: '借货业务' },
  business: { reports: '报表' },
};
