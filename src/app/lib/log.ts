/** The app's one logger: unexpected errors go to the console, where a developer (or a test) sees them. */
export const log = {
  error(context: string, error: unknown) {
    console.error(`[earnest] ${context}`, error);
  },
  warn(context: string, detail?: unknown) {
    console.warn(`[earnest] ${context}`, detail ?? '');
  },
};
