/**
 * The box of one radio choice: its whole label is the target, and the checked and the
 * keyboard-focused choice are marked on the box, not only on the small radio.
 */
export const radioChoiceBox =
  'flex cursor-pointer rounded-lg border border-slate-300 px-3 py-2 has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-700';
