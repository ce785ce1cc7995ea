/** Console errors and warnings seen during the current test (see setup.ts). */
let calls: string[] = [];

export function recordConsoleCall(line: string): void {
  calls.push(line);
}

/** Takes (and clears) what was recorded: for a test that expects console output. */
export function takeConsoleCalls(): string[] {
  const taken = calls;
  calls = [];
  return taken;
}
