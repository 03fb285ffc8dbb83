// Reads a build's source map (version 3) well enough to name the original source of a
// generated position: what the CPU-profile bench needs, without a source-map dependency.
import { existsSync, readFileSync } from 'node:fs';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const digit = new Map([...BASE64].map((c, i) => [c, i]));

/** Base64 VLQ numbers of one mapping segment. */
function decodeSegment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const c of text) {
    const d = digit.get(c);
    value += (d & 31) << shift;
    if (d & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/**
 * A lookup for the map at `mapFile`: (line 1-based, column 0-based) -> the original source's
 * path, or null. Null when there is no map.
 * @param {string} mapFile
 * @returns {((line: number, column: number) => string | null) | null}
 */
export function sourceMapLookup(mapFile) {
  if (!existsSync(mapFile)) return null;
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  // Per generated line: [column, source index] pairs in column order.
  const lines = [];
  let source = 0;
  for (const line of map.mappings.split(';')) {
    const segments = [];
    let column = 0;
    for (const text of line.split(',')) {
      if (!text) continue;
      const [dColumn, dSource] = decodeSegment(text);
      column += dColumn;
      if (dSource !== undefined) {
        source += dSource;
        segments.push([column, source]);
      }
    }
    lines.push(segments);
  }
  return (line, column) => {
    const segments = lines[line - 1];
    if (!segments?.length) return null;
    let found = null;
    for (const [c, s] of segments) {
      if (c > column) break;
      found = s;
    }
    return found === null ? null : map.sources[found];
  };
}
