#!/usr/bin/env node
import { runCli } from './cli.js';

const code = await runCli(process.argv.slice(2));
// Long-running commands (api, start) resolve once serving; they stop on SIGINT/SIGTERM.
if (code !== 0) process.exit(code);
