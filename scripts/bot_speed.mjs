// Run scripts/bot_speed.py under the vendored Pyodide in Node, with this checkout's pygames
// mounted read-only, and print its JSON (the CPython figure comes from running it directly).
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/checkout");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/checkout");
pyodide.runPython("import sys; sys.path.insert(0, '/checkout')");
const code = readFileSync(resolve(root, "scripts/bot_speed.py"), "utf8");
pyodide.runPython(code.replace('if __name__ == "__main__":', "if True:"));
