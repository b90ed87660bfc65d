/** The assistant's reply is typed out one character per 100 ms. */
export const TYPING_SPEED = 100;

/**
 * Types `text` out: `onUpdate` gets the growing prefix every `speed` ms, `onDone` once all is shown.
 * Returns a function that stops it.
 */
export function typeOut(text: string, onUpdate: (shown: string) => void, onDone?: () => void, speed = TYPING_SPEED): () => void {
  const chars = [...text];
  let i = 0;
  if (chars.length === 0) {
    onDone?.();
    return () => {};
  }
  const timer = setInterval(() => {
    i += 1;
    onUpdate(chars.slice(0, i).join(''));
    if (i >= chars.length) {
      clearInterval(timer);
      onDone?.();
    }
  }, speed);
  return () => clearInterval(timer);
}
