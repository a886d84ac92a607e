/**
 * Loading a configured tag's script and polling the value it gives (issue 13, spec §9 polling intervals):
 * shared by every tag of forms/tags/. A script is added once, by its element id (#tag-<name>).
 */

/** Polling stops after this long without a value (a blocked or broken script). */
const GIVE_UP_MS = 120_000;

export function loadScript(src: string, id: string, onLoad?: () => void): void {
  if (document.getElementById(id)) return;
  const script = document.createElement('script');
  script.id = id;
  script.src = src;
  script.async = true;
  if (onLoad) script.addEventListener('load', onLoad, { once: true });
  document.body.appendChild(script);
}

/** Reads every `everyMs` until `read` answers true (it has its value) or the page gives up. */
export function poll(everyMs: number, read: () => boolean): void {
  const until = Date.now() + GIVE_UP_MS;
  const timer = setInterval(() => {
    if (read() || Date.now() > until) clearInterval(timer);
  }, everyMs);
}

/** A global a tag's script defines (window.EF, window.callTrackingNumber), unknown until narrowed. */
export function pageGlobal(name: string): unknown {
  return Reflect.get(window, name);
}

/** The element id of a tag's script: #tag-<name> in kebab case (tag-click-tracker, tag-injury-pixel). */
export function tagElementId(tag: string): string {
  return `tag-${tag.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}
