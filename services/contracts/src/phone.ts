/**
 * The contact form's phone number rule (spec §5, §9: "10 to 15", whose message says Digits), written once for the
 * server (public-requests.ts) and the customer portal, which imports this file by path: it has no dependency, so the
 * portal's page carries no validation library with it.
 *
 * Digits are counted, not characters: '+44 20 7946 0000' holds 12 digits in 16 characters and is a phone number. The
 * text is bounded before anything reads it, and only digits and the usual separators (spaces, + ( ) . -) may stand
 * between them, which also leaves out every control character.
 */

/** How many digits a phone number holds. */
export const PHONE_DIGITS = { min: 10, max: 15 } as const;

/** The longest phone number as written (15 digits with a separator between each pair and a leading +, with room). */
export const PHONE_TEXT_MAX = 40;

const PHONE_CHARACTERS = /^[0-9+() .-]*$/;

export type PhoneProblem = 'required' | 'too-long' | 'characters' | 'digits';

/** What is wrong with a phone number as typed (trimmed here), or undefined when it is a phone number. */
export function phoneProblem(typed: string): PhoneProblem | undefined {
  // The raw length first: nothing else runs over an unbounded text.
  if (typed.length > PHONE_TEXT_MAX * 4 + 64) return 'too-long';
  const phone = typed.trim();
  if (phone === '') return 'required';
  if (phone.length > PHONE_TEXT_MAX) return 'too-long';
  if (!PHONE_CHARACTERS.test(phone)) return 'characters';
  const digits = phoneDigitCount(phone);
  return digits < PHONE_DIGITS.min || digits > PHONE_DIGITS.max ? 'digits' : undefined;
}

/** The digits of a phone number as written ('+44 20 7946 0000' → 12). */
export function phoneDigitCount(phone: string): number {
  let count = 0;
  for (const character of phone) if (character >= '0' && character <= '9') count += 1;
  return count;
}
