/**
 * At most `slots` tasks at once, the others starting in the order they asked as slots free up: for runs that mostly
 * wait (on their CLI processes, on a held or rate-limited answer), side by side on a machine of two cores.
 */
export function concurrencyLimit(slots: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    // A finishing task hands its slot straight to the first waiting one.
    if (running < slots) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
