// Compile zip archives of Python sources to bytecode with the vendored Pyodide's own Python, so
// the .pyc carry the magic number of the interpreter that runs them in the browser. Called by
// scripts/build_site.py; the work itself is scripts/pyc_zip.py, run inside Pyodide.
//
//   node scripts/compile_pyc.mjs IN.zip OUT.zip PREFIX KEEP_SOURCES DOCSTRINGS [IN.zip ...]
//
// PREFIX is the folder the archive's paths are found under at run time (it names the code in
// tracebacks); KEEP_SOURCES is 1 to keep the .py files beside the .pyc, 0 to drop them;
// DOCSTRINGS is 1 to keep the docstrings in the bytecode, 0 to leave them out.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
if (args.length === 0 || args.length % 5 !== 0) {
  console.error("usage: compile_pyc.mjs IN.zip OUT.zip PREFIX KEEP_SOURCES DOCSTRINGS [...]");
  process.exit(2);
}

// A fixed hash seed: nothing the compiler writes should depend on it, but then it cannot.
const pyodide = await loadPyodide({ env: { PYTHONHASHSEED: "0" } });
const tool = pyodide.runPython(
  `import types\nm = types.ModuleType("pyc_zip")\nexec(compile(src, "pyc_zip.py", "exec"), m.__dict__)\n` +
    // The archive arrives as a JsProxy of a Uint8Array; the tool takes and returns bytes.
    `lambda data, prefix, keep, docs: m.compile_zip(data.to_bytes(), prefix, keep, docs)`,
  { globals: pyodide.toPy({ src: readFileSync(resolve(here, "pyc_zip.py"), "utf8") }) },
);
for (let i = 0; i < args.length; i += 5) {
  const [input, output, prefix, keep, docs] = args.slice(i, i + 5);
  const made = tool(new Uint8Array(readFileSync(input)), prefix, keep === "1", docs === "1");
  writeFileSync(output, made.toJs());
  made.destroy();
}
tool.destroy();
