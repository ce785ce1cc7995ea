/**
 * Typed window events: one object per event, so the sender and every listener agree on its name
 * and detail. The transport stays a window CustomEvent with the same name because the events are
 * also an outside interface: the browser tests send and watch `circle:purchase`, and a co-pay
 * request may come from outside the app as `addCoPayToCart` (spec 02§2).
 */
export interface WindowEvent<T> {
  readonly name: string;
  /** Sends the event on window. */
  emit: (...detail: T extends void ? [] : [T]) => void;
  /** Calls handler with each event's detail; returns the unsubscribe function. */
  on: (handler: (detail: T) => void) => () => void;
}

export function windowEvent<T = void>(name: string): WindowEvent<T> {
  return {
    name,
    emit: (...detail) => {
      window.dispatchEvent(new CustomEvent(name, { detail: detail[0] }));
    },
    on: (handler) => {
      const listener = (e: Event) => handler((e as CustomEvent<T>).detail);
      window.addEventListener(name, listener);
      return () => window.removeEventListener(name, listener);
    },
  };
}
