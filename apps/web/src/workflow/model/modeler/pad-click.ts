type ContextPad = { isShown(): boolean; triggerEntry(entry: string, action: string, event: Event): unknown };
type Canvas = { getContainer(): HTMLElement };
type EventBus = { on(event: string, fn: () => void): void };

const ENTRY = '.djs-context-pad .entry';

/**
 * Keeps a context-pad click that takes the focus from a properties-panel field. Leaving the field
 * commits it, the commit redraws the pad between press and release (the new pad is placed a moment
 * later), and the browser then drops the click: press and release landed on different nodes. A
 * release where the press was, on a pad redrawn since, runs the pressed entry's click.
 */
function PadClickKeeper(contextPad: ContextPad, canvas: Canvas, eventBus: EventBus) {
  const root = canvas.getContainer();
  let pressed: { entry: Element; action: string; x: number; y: number } | null = null;
  const down = (e: MouseEvent) => {
    const entry = (e.target as Element | null)?.closest?.(ENTRY);
    pressed = entry ? { entry, action: entry.getAttribute('data-action') ?? '', x: e.clientX, y: e.clientY } : null;
  };
  const up = (e: MouseEvent) => {
    const p = pressed;
    pressed = null;
    // Still on the page: the browser clicks it as usual. Moved away: a drag, not a click.
    if (!p || p.entry.isConnected || !contextPad.isShown()) return;
    if (Math.hypot(e.clientX - p.x, e.clientY - p.y) > 4) return;
    contextPad.triggerEntry(p.action, 'click', e);
  };
  root.addEventListener('mousedown', down, true);
  root.addEventListener('mouseup', up, true);
  eventBus.on('diagram.destroy', () => {
    root.removeEventListener('mousedown', down, true);
    root.removeEventListener('mouseup', up, true);
  });
}
PadClickKeeper.$inject = ['contextPad', 'canvas', 'eventBus'];

export const padClickModule = { __init__: ['padClickKeeper'], padClickKeeper: ['type', PadClickKeeper] };
