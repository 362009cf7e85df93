/**
 * What a failed actor left to show: the thrown error's sentence (often a message key the view
 * translates), or the thrown value itself when something other than an Error was thrown.
 */
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
