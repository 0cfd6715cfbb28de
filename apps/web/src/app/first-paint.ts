/**
 * The first screen (the loader, or a staff shell's home previewed) is drawn from what the app's first
 * download brought. The router asks for a shell's code (MUI, the shell, the page) once that screen has
 * been painted, a frame later, so those downloads and their evaluation never come before it; if no
 * such screen is drawn it waits at most FALLBACK_MS.
 */
const FALLBACK_MS = 300;

let painted: () => void = () => {};
const paint = new Promise<void>((resolve) => {
  painted = resolve;
});

/** Called by the first screen once it is in the page: resolves after the browser has painted it. */
export function markFirstPaint(): void {
  requestAnimationFrame(() => setTimeout(painted, 0));
}

/** Resolves once the first screen has been painted (or FALLBACK_MS after the first call). */
export function afterFirstPaint(): Promise<void> {
  return Promise.race([paint, new Promise<void>((resolve) => setTimeout(resolve, FALLBACK_MS))]);
}
