/**
 * Which Pulumi CLI a command runs: the policies, the order of versions as `pulumi version` prints them (`v3.274.1`,
 * `v3.275.0-alpha.1+dirty`), and the choice between a `pulumi` on PATH, a current build and a new one.
 */

/**
 * Which `pulumi` on PATH a caller takes: the suites exactly the pinned release (their stand-in hosts and launchers are
 * built for it, beside it), a user's command (`npm run pulumi`, `npm run demo`) the pinned release or any newer one.
 */
export type PathPolicy = "pinned" | "pinnedOrNewer";

const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/**
 * Negative when `a` is older than `b`, 0 when the same release, positive when newer; undefined when either is not a
 * version. A prerelease comes before its release (`v3.275.0-alpha.1` < `v3.275.0`); build metadata is ignored.
 */
export function compareVersions(a: string, b: string): number | undefined {
  const [left, right] = [VERSION.exec(a.trim()), VERSION.exec(b.trim())];
  if (!left || !right) return undefined;
  for (let index = 1; index <= 3; index++) {
    const difference = Number(left[index]) - Number(right[index]);
    if (difference !== 0) return difference;
  }
  if (left[4] === right[4]) return 0;
  if (left[4] === undefined) return 1;
  if (right[4] === undefined) return -1;
  return comparePrereleases(left[4].split("."), right[4].split("."));
}

/** Semver's order of prerelease identifiers: numbers by value and before words, words by text, a shorter list first. */
function comparePrereleases(left: string[], right: string[]): number {
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const [a, b] = [left[index], right[index]];
    if (a === b) continue;
    const [aNumber, bNumber] = [/^\d+$/.test(a), /^\d+$/.test(b)];
    if (aNumber && bNumber) return Number(a) - Number(b);
    if (aNumber !== bNumber) return aNumber ? -1 : 1;
    return a < b ? -1 : 1;
  }
  return left.length - right.length;
}

/** Whether a caller with this policy takes a `pulumi` on PATH of this version. */
export function pathCliFits(version: string, pin: string, policy: PathPolicy): boolean {
  if (policy === "pinned") return version === pin;
  const order = compareVersions(version, pin);
  return order !== undefined && order >= 0;
}

/**
 * Which CLI to use. The suites (`pinned`): a current build, else the pinned release on PATH, else a new build where Go
 * is, else none. A user's command (`pinnedOrNewer`): their `pulumi` on PATH when it is the pin or newer, else a
 * current build, else a new build where Go is, else none.
 */
export function cliChoice(facts: { policy: PathPolicy; currentBuild: boolean; pathFits: boolean; go: boolean }): "built" | "path" | "build" | "missing" {
  if (facts.policy === "pinnedOrNewer" && facts.pathFits) return "path";
  if (facts.currentBuild) return "built";
  if (facts.pathFits) return "path";
  return facts.go ? "build" : "missing";
}
