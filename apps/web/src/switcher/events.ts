/**
 * The app's refresh event (§4: switching school or period "emits" before reloading). Views that
 * keep data outside the query cache listen with onAppRefresh; the query cache is invalidated by
 * the switchers themselves.
 */
export type RefreshReason = "school" | "period" | "course";

export interface RefreshDetail {
  reason: RefreshReason;
  school_id: number;
  period_id: number;
  course_id: number;
}

const target = new EventTarget();
export const REFRESH_EVENT = "yanke:refresh";

class RefreshEvent extends Event {
  constructor(readonly detail: RefreshDetail) {
    super(REFRESH_EVENT);
  }
}

export function emitAppRefresh(detail: RefreshDetail): void {
  target.dispatchEvent(new RefreshEvent(detail));
}

export function onAppRefresh(listener: (d: RefreshDetail) => void): () => void {
  const h = (e: Event) => {
    if (e instanceof RefreshEvent) listener(e.detail);
  };
  target.addEventListener(REFRESH_EVENT, h);
  return () => target.removeEventListener(REFRESH_EVENT, h);
}
