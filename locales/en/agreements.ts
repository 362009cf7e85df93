/** Agreements filled from the enabled template when an agent signs (server/agreements). */
export const agreements = {
  errors: {
    unknownPlaceholders:
      'The template uses placeholders the portal cannot fill: {{names}}. Known placeholders: {{known}}',
    unreadable:
      'The template cannot be read; upload a Word (.docx) file and check the braces of its placeholders: {{problem}}',
    notFound: 'The agreement does not exist or is outside your scope',
  },
  problems: {
    noTemplate: 'No template of this type was enabled when the agreement was signed',
    notWord: 'The enabled template is not a Word (.docx) file and cannot be filled',
    templateMissing: 'The template file is no longer in the store',
    unreadable: 'The template cannot be filled: {{problem}}',
  },
  kinds: { registration: 'First agreement', renewal: 'Renewal', conversion: 'Conversion' },
  // Without its extension: the Word file and its PDF are named alike.
  fileName: '{{type}}-{{agent}}-{{no}}',
  job: {
    title: { name: 'Agreement generation', group: 'Agents' },
    handler:
      'Fills the template enabled at signing with the agent’s data and keeps the Word file, and its PDF where the server has LibreOffice, as the agent’s attachments',
    message:
      '{{generated}} agreements and {{pdfs}} PDFs made; {{failed}} agreements and {{pdfsFailed}} PDFs could not be',
  },
};
