/**
 * Resolves in a task of its own (issue 33 item 3): work split by `await afterTask()` lets the browser
 * handle a tap between its pieces (the browser runs input before other tasks).
 */
export function afterTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
