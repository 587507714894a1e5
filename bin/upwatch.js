#!/usr/bin/env node
// Node 20 cannot run TypeScript itself: tsx compiles the server's modules as they load.
import { register } from 'tsx/esm/api';

register();
await import('../src/server/main.ts');
