/** The products of an opportunity and the product search. */
export const opportunityItems = {
  title: 'Opportunity products',
  search: "Search the line's products by part number, name or model",
  choose: 'Choose a product',
  add: 'Add product',
  save: 'Save',
  remove: 'Remove',
  empty: 'No products yet',
  owner: {
    open: 'Change the owner',
    title: 'Change the owner (transfer)',
    agent: 'New owning agent',
    reason: 'Reason',
    remark: 'Remark',
    submit: 'Change the owner',
    close: 'Close',
    done: 'The opportunity now belongs to {{name}}; the protection end date stays. Reload the page to see it',
  },
  bidders: 'Bidders (with bidders a commitment letter is chosen)',
  columns: {
    pn: 'Part number (PN)',
    description: 'Product description',
    quantity: 'Quantity',
    standardPrice: 'Standard channel price (yuan)',
    expectedPrice: 'Expected unit price (yuan)',
    actions: 'Actions',
  },
};
