/** The products of an opportunity and the product search. */
export const opportunityItems = {
  title: 'Opportunity products',
  search: "Search the line's products by part number, name or model",
  choose: 'Choose a product',
  add: 'Add product',
  save: 'Save',
  remove: 'Remove',
  empty: 'No products yet',
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
