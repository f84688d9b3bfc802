/**
 * The folder an export writes into: checked before the tenant is read (a non-empty folder is refused unless
 * `--force`), and written only once everything is ready, so a failed export writes nothing.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { CommandError } from "./commandError";

export function checkFolder(folder: string, force: boolean): void {
  let entries: string[];
  try {
    if (!fs.statSync(folder).isDirectory()) throw new CommandError(`${folder} is not a folder: give export a folder to write the project into.`);
    entries = fs.readdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  if (entries.length > 0 && !force) {
    throw new CommandError(`${folder} is not empty: export into a new or empty folder, or pass --force to overwrite the files export writes there.`);
  }
}

/** Writes the files (names relative to the folder), making the folder first. */
export function writeFolder(folder: string, files: Readonly<Record<string, string>>): void {
  fs.mkdirSync(folder, { recursive: true });
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(folder, name), text);
}
