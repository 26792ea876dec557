#!/usr/bin/env node
// Rewrites the README's rule reference between the rules:start/rules:end markers from the scanner's table.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { renderRuleDocs } = require('../out/src/core/ruleDocs.js');
const readme = path.join(__dirname, '..', 'README.md');
const text = fs.readFileSync(readme, 'utf8');
const next = text.replace(/(<!-- rules:start -->)[\s\S]*?(<!-- rules:end -->)/, (_m, start, end) => `${start}\n${renderRuleDocs()}\n${end}`);
fs.writeFileSync(readme, next);
