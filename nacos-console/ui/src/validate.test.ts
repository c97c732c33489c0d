import { describe, expect, it } from 'vitest';
import { contentProblem } from './contentCheck';
import { formatMetadata, nameProblem, parseMetadata, typeOfDataId } from './validate';

describe('validation before publish', () => {
  it('refuses YAML and JSON that do not parse, saying where', () => {
    expect(contentProblem('yaml', 'a: [1, 2\nb: 3')).toMatch(/not valid YAML/);
    expect(contentProblem('yaml', 'a: 1\n---\nb: [')).toMatch(/not valid YAML/);
    expect(contentProblem('yaml', 'server:\n  port: 8080\n')).toBeNull();
    expect(contentProblem('json', '{"a": 1,}')).toMatch(/not valid JSON/);
    expect(contentProblem('json', '{"a": [1, 2]}')).toBeNull();
  });

  it('leaves other types to the server, but never sends empty content', () => {
    expect(contentProblem('properties', 'a=1\n: odd')).toBeNull();
    expect(contentProblem('text', '')).toMatch(/empty/);
  });

  it('checks names as the server does', () => {
    expect(nameProblem('Data ID', 'app.yaml')).toBeNull();
    expect(nameProblem('Data ID', ' ')).toMatch(/required/);
    expect(nameProblem('Group', 'a b')).toMatch(/only letters/);
    expect(nameProblem('Group', 'x'.repeat(256))).toMatch(/255/);
  });

  it('guesses the type from the extension', () => {
    expect(typeOfDataId('app.yml')).toBe('yaml');
    expect(typeOfDataId('db.PROPERTIES')).toBe('properties');
    expect(typeOfDataId('noextension')).toBe('text');
  });

  it('reads and writes metadata as key=value lines', () => {
    expect(parseMetadata('a=1\n\n b = x=y \n')).toEqual({ a: '1', b: 'x=y' });
    expect(() => parseMetadata('novalue')).toThrow(/line 1/);
    expect(formatMetadata({ a: '1', b: '2' })).toBe('a=1\nb=2');
  });
});
