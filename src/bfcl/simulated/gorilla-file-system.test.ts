import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { replay, scenario } from '../../../test/simulated-api.js';
import { createGorillaFileSystem, Directory, File } from './gorilla-file-system.js';
import { PyDict, pyEq, pyRepr } from './py.js';

/**
 * Expected outputs are python3's, printed by the replay script in test/simulated-api.ts:
 * python3 replay.py gorilla_file_system GorillaFileSystem 0 "$(cat fs_scenario.json)" "$(cat fs_calls.json)"
 * with the scenario and calls below written to those files as JSON.
 */
const SCENARIO = {
  root: {
    alex: {
      type: 'directory',
      contents: {
        documents: {
          type: 'directory',
          contents: {
            'notes.txt': { type: 'file', content: 'b line\na line\nc line' },
            'report.txt': { type: 'file', content: 'Hello world\nsecond line\n' },
            archive: { type: 'directory', contents: {} },
          },
        },
        'readme.md': { type: 'file', content: 'read me' },
        '.hidden': { type: 'file', content: 'hello\nthere' },
      },
    },
  },
};

const CALLS = [
  'pwd()',
  'ls()',
  'ls(a=True)',
  'ls(True)',
  "cd(folder='documents/')",
  'pwd()',
  'ls()',
  "cd('..')",
  "cd('..')",
  "cd('a/b')",
  "cd(folder='nope')",
  "cd('readme.md')",
  "cd('.')",
  "cd('/')",
  'cd(5)',
  "mkdir(dir_name='new')",
  "mkdir('new')",
  "mkdir('a:b')",
  'mkdir(5)',
  "mkdir(['x'])",
  "touch(file_name='t.txt')",
  "touch('t.txt')",
  "touch('bad|name')",
  "echo(content='hi there')",
  "echo('hello\\nworld\\nhello again', 't.txt')",
  "echo('x', file_name='missing.txt')",
  "echo('x', file_name='')",
  "echo('x', 'a?b')",
  "echo('x', 'new')",
  "echo(42, 'readme.md')",
  "cat('t.txt')",
  "cat('new')",
  "cat('missing')",
  "cat('bad*')",
  "cat('readme.md')",
  'find()',
  "find(path='documents', name='txt')",
  "find('/', 'o')",
  "find('nope')",
  "find(path='documents/archive/')",
  'find(path=None)',
  'find(name=5)',
  "wc('t.txt')",
  "wc('t.txt', 'w')",
  "wc(file_name='t.txt', mode='c')",
  "wc('t.txt', 'x')",
  "wc('missing')",
  "wc('new')",
  "wc('readme.md', 'l')",
  "echo('read me', 'readme.md')",
  "sort('t.txt')",
  "sort('missing')",
  "grep('t.txt', 'hello')",
  "grep(file_name='t.txt', pattern='zzz')",
  "grep('nope', 'a')",
  "grep('t.txt', 5)",
  'du()',
  'du(human_readable=True)',
  "tail('t.txt')",
  "tail('t.txt', 1)",
  "tail('t.txt', lines=0)",
  "tail('t.txt', -1)",
  "tail('t.txt', 2.0)",
  "tail('missing')",
  "diff('t.txt', '.hidden')",
  "diff(file_name1='t.txt', file_name2='t.txt')",
  "diff('t.txt', 'missing')",
  "mv('t.txt', 'new')",
  "mv('t.txt', 'new')",
  "mv('missing', 'x')",
  "mv('readme.md', 'a/b')",
  "mv('readme.md', 'documents')",
  "mv('.hidden', 'hidden2')",
  "touch('readme2.md')",
  "mv('readme2.md', 'hidden2')",
  "cp('documents', 'docs2')",
  "cp('hidden2', 'new')",
  "cp('hidden2', 'new')",
  "cp('missing', 'x')",
  "cp('hidden2', 'x/y')",
  "cp('hidden2', 'readme.md')",
  "cp('documents', 'new')",
  "rm('docs2')",
  "rm('missing')",
  "rmdir('new')",
  "rmdir('readme.md')",
  "rmdir('missing')",
  "mkdir('empty')",
  "rmdir('empty')",
  "mv('documents', 'moved')",
  "cd('moved')",
  "cd('archive')",
  'pwd()',
  "cd('..')",
  'pwd()',
  'pwd(1)',
  'cd()',
  "cd('a', folder='b')",
  'cd(x=1)',
  'echo()',
  "wc('a', 'l', 3)",
  'nosuch()',
];

const PYTHON = [
  "{'current_working_directory': '/alex'}",
  "{'current_directory_content': ['documents', 'readme.md']}",
  "{'current_directory_content': ['documents', 'readme.md', '.hidden']}",
  "{'current_directory_content': ['documents', 'readme.md', '.hidden']}",
  "{'current_working_directory': 'documents'}",
  "{'current_working_directory': '/alex/documents'}",
  "{'current_directory_content': ['notes.txt', 'report.txt', 'archive']}",
  '{}',
  "{'error': 'Current directory is already the root. Cannot go back.'}",
  "{'error': 'cd: a/b: Unsupported path. Only one folder level at a time is supported.'}",
  "{'error': \"cd: 'nope': No such file or directory\"}",
  "{'error': \"cd: 'readme.md': No such file or directory\"}",
  "{'current_working_directory': 'alex'}",
  "{'current_working_directory': 'alex'}",
  "AttributeError: 'int' object has no attribute 'rstrip'",
  'None',
  "{'error': \"mkdir: cannot create directory 'new': File exists\"}",
  "{'error': \"mkdir: cannot create directory 'a:b': Invalid character\"}",
  "TypeError: argument of type 'int' is not iterable",
  "TypeError: unhashable type: 'list'",
  'None',
  "{'error': \"touch: cannot touch 't.txt': File exists\"}",
  "{'error': \"touch: cannot touch 'bad|name': Invalid character\"}",
  "{'terminal_output': 'hi there'}",
  'None',
  "{'error': \"echo: cannot write to 'missing.txt': No such file\"}",
  "{'terminal_output': 'x'}",
  "{'error': \"echo: cannot write to 'a?b': Invalid character\"}",
  "AttributeError: 'Directory' object has no attribute '_write'",
  'None',
  "{'file_content': 'hello\\nworld\\nhello again'}",
  "{'error': \"cat: 'new': Is a directory\"}",
  "{'error': \"cat: 'missing': No such file or directory\"}",
  "{'error': \"cat: 'bad*': Invalid character\"}",
  "{'file_content': 42}",
  "{'matches': ['./documents', './documents/notes.txt', './documents/report.txt', './documents/archive', './readme.md', './.hidden', './new', './t.txt']}",
  "{'matches': ['documents/notes.txt', 'documents/report.txt']}",
  "{'matches': ['/documents', '/documents/notes.txt', '/documents/report.txt']}",
  "{'error': \"find: 'nope': No such file or directory\"}",
  "{'matches': []}",
  "AttributeError: 'NoneType' object has no attribute 'rstrip'",
  "TypeError: 'in <string>' requires string as left operand, not int",
  "{'count': 3, 'type': 'lines'}",
  "{'count': 4, 'type': 'words'}",
  "{'count': 23, 'type': 'characters'}",
  "{'error': \"wc: invalid mode 'x'\"}",
  "{'error': 'wc: missing: No such file or directory'}",
  "{'error': 'wc: new: No such file or directory'}",
  "AttributeError: 'int' object has no attribute 'splitlines'",
  'None',
  "{'sorted_content': 'hello\\nhello again\\nworld'}",
  "{'error': 'sort: missing: No such file or directory'}",
  "{'matching_lines': ['hello', 'hello again']}",
  "{'matching_lines': []}",
  "{'error': 'grep: nope: No such file or directory'}",
  "TypeError: 'in <string>' requires string as left operand, not int",
  "{'disk_usage': '85 bytes'}",
  "{'disk_usage': '85.00 B'}",
  "{'last_lines': 'hello\\nworld\\nhello again'}",
  "{'last_lines': 'hello again'}",
  "{'last_lines': 'hello\\nworld\\nhello again'}",
  "{'last_lines': 'world\\nhello again'}",
  'TypeError: slice indices must be integers or None or have an __index__ method',
  "{'error': 'tail: missing: No such file or directory'}",
  "{'diff_lines': '- world\\n+ there'}",
  "{'diff_lines': ''}",
  "{'error': 'diff: t.txt or missing: No such file or directory'}",
  "{'result': \"'t.txt' moved to 'new/t.txt'\"}",
  "{'error': \"mv: cannot move 't.txt': No such file or directory\"}",
  "{'error': \"mv: cannot move 'missing': No such file or directory\"}",
  "{'error': 'mv: path not allowed in destination. Provide only a file or directory name.'}",
  "{'result': \"'readme.md' moved to 'documents/readme.md'\"}",
  "{'result': \"'.hidden' moved to 'hidden2'\"}",
  'None',
  "{'error': \"mv: cannot move 'readme2.md' to 'hidden2': Not a directory\"}",
  "{'result': \"'documents' copied to 'docs2'\"}",
  "{'result': \"'hidden2' copied to 'new/hidden2'\"}",
  "ValueError: File 'hidden2' already exists in directory 'new'.",
  "{'error': \"cp: cannot copy 'missing': No such file or directory\"}",
  "{'error': 'cp: path not allowed in destination. Provide only a file or directory name.'}",
  "{'result': \"'hidden2' copied to 'readme.md'\"}",
  "{'result': \"'documents' copied to 'new/documents'\"}",
  "{'result': \"'docs2' removed\"}",
  "{'error': \"rm: cannot remove 'missing': No such file or directory\"}",
  "{'error': \"rmdir: cannot remove 'new': Directory not empty\"}",
  "{'error': \"rmdir: cannot remove 'readme.md': Not a directory\"}",
  "{'error': \"rmdir: cannot remove 'missing': No such file or directory\"}",
  'None',
  "{'result': \"'empty' removed\"}",
  "{'result': \"'documents' moved to 'moved'\"}",
  "{'current_working_directory': 'moved'}",
  "{'current_working_directory': 'archive'}",
  "{'current_working_directory': '/alex/documents/archive'}",
  '{}',
  "{'current_working_directory': '/alex/documents'}",
  'TypeError: GorillaFileSystem.pwd() takes 1 positional argument but 2 were given',
  "TypeError: GorillaFileSystem.cd() missing 1 required positional argument: 'folder'",
  "TypeError: GorillaFileSystem.cd() got multiple values for argument 'folder'",
  "TypeError: GorillaFileSystem.cd() got an unexpected keyword argument 'x'",
  "TypeError: GorillaFileSystem.echo() missing 1 required positional argument: 'content'",
  'TypeError: GorillaFileSystem.wc() takes from 2 to 3 positional arguments but 4 were given',
  "AttributeError: 'GorillaFileSystem' object has no attribute 'nosuch'",
  [
    ['long_context', 'False'],
    [
      'root',
      "<Directory: alex, Parent: None, Contents: {'new': <Directory: new, Parent: alex, Contents: {'t.txt': <<File: t.txt, Content: hello\nworld\nhello again>>, 'hidden2': <<File: hidden2, Content: hello\nthere>>, 'documents': <Directory: documents, Parent: new, Contents: {'notes.txt': <<File: notes.txt, Content: b line\na line\nc line>>, 'report.txt': <<File: report.txt, Content: Hello world\nsecond line\n>>, 'archive': <Directory: archive, Parent: documents, Contents: {}>, 'readme.md': <<File: readme.md, Content: read me>>}>}>, 'hidden2': <<File: hidden2, Content: hello\nthere>>, 'readme2.md': <<File: readme2.md, Content: >>, 'readme.md': <<File: readme.md, Content: hello\nthere>>, 'moved': <Directory: moved, Parent: alex, Contents: {'notes.txt': <<File: notes.txt, Content: b line\na line\nc line>>, 'report.txt': <<File: report.txt, Content: Hello world\nsecond line\n>>, 'archive': <Directory: archive, Parent: documents, Contents: {}>, 'readme.md': <<File: readme.md, Content: read me>>}>}>",
    ],
  ],
];

/** python3 replay.py gorilla_file_system GorillaFileSystem 1 (long context) on these; sha256 of each output. */
const LONG_SCENARIO = {
  root: {
    workspace: {
      type: 'directory',
      contents: {
        'log.txt': { type: 'file', content: 'kept' },
        data: { type: 'directory', contents: { 'a.txt': { type: 'file', content: 'short ' } } },
      },
    },
  },
};

const LONG_CALLS = [
  'ls()',
  'cat("log.txt")',
  'du(human_readable=True)',
  'du()',
  'cd("data")',
  'ls()',
  'wc("a.txt", "c")',
  'touch("image_344822349461074042.jpg")',
  'pwd()',
];

const LONG_PYTHON_SHA256 = [
  '252c4b8df95512fcf4269f6730c54da35cffd35b29af28373645b548a512c21e',
  '441d385d0e4320d5b0eab1bd4abe870530513923fb8a27a03b6e9c5959b4ba1c',
  '3fcd130d5ec2b02ea00d0bedb0a0b935db0f37bbf16f028c5c363e70a1ef16ab',
  '1a1b8feba16c2e99ab71faa46a8ce0912a4d42e24c49acbbe043143f12eefded',
  'e978b8befe13c356e24e78d5f145d83fb429375ae22ee6f74eecedb9cfb6d91a',
  '3fd8487c1c7509c5a5f91a7d336504979bd591f62cf554cc6eadac452debf098',
  '98fdf3b5ada7a0bafcbd4cac2983b1d3b01462b06b7cd3b48dae6a69bc592c91',
  '8eed1d7200d5fb1917d3f59a55319d64515ac3400240be308c3a28211717f36b',
  'cbdb9010c03f10616323a2ab7b58a61c93c53b1968059c437db68a114475b191',
];

const LONG_ROOT_SHA256 = 'd58bc2d4780e905c93d57a6f6cbbc61a6bbb5d6b8b3f1b1b57ea253a24240d0c';

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

describe('GorillaFileSystem', () => {
  it('answers every method, success and error, as Python does, and ends in the same state', () => {
    const api = createGorillaFileSystem();
    api.loadScenario(scenario(SCENARIO), false);
    const out = replay(api, CALLS);
    CALLS.forEach((call, k) => expect([call, out[k]]).toEqual([call, PYTHON[k]]));
    expect(out.at(-1)).toEqual(PYTHON.at(-1));
  });

  it('adds the long-context text to files and fills the innermost folders with images', () => {
    const api = createGorillaFileSystem();
    api.loadScenario(scenario(LONG_SCENARIO), true);
    const out = replay(api, LONG_CALLS);
    expect(out.slice(0, 4)).toEqual([
      "{'current_directory_content': ['log.txt', 'data']}",
      "{'file_content': 'kept'}",
      "{'disk_usage': '3.21 KB'}",
      "{'disk_usage': '3285 bytes'}",
    ]);
    expect(out.slice(0, -1).map((item) => sha256(item as string))).toEqual(LONG_PYTHON_SHA256);
    const [longContext, root] = out.at(-1) as [string, string][];
    expect(longContext).toEqual(['long_context', 'True']);
    expect(sha256((root as [string, string])[1])).toBe(LONG_ROOT_SHA256);
  });

  it('starts from an empty "/" root without a scenario, whose pwd is "//" (the root\'s name joined in)', () => {
    const api = createGorillaFileSystem();
    api.loadScenario(new PyDict(), false);
    expect(replay(api, ['pwd()', 'ls()', "cd('..')", "mkdir('a')", "cd('a')", 'pwd()', "find('/')"])).toEqual([
      "{'current_working_directory': '//'}",
      "{'current_directory_content': []}",
      "{'error': 'Current directory is already the root. Cannot go back.'}",
      'None',
      "{'current_working_directory': 'a'}",
      "{'current_working_directory': '///a'}",
      "{'matches': ['/a']}",
      [
        ['long_context', 'False'],
        ['root', "<Directory: /, Parent: None, Contents: {'a': <Directory: a, Parent: /, Contents: {}>}>"],
      ],
    ]);
  });

  it('raises IndexError for a root without a folder, as list(...)[0] does', () => {
    expect(() => createGorillaFileSystem().loadScenario(scenario({ root: {} }), false)).toThrow(
      'list index out of range',
    );
  });

  it('lists the public methods as inspect.getmembers does', () => {
    expect(createGorillaFileSystem().methods).toEqual([
      'cat',
      'cd',
      'cp',
      'diff',
      'du',
      'echo',
      'find',
      'grep',
      'ls',
      'mkdir',
      'mv',
      'pwd',
      'rm',
      'rmdir',
      'sort',
      'tail',
      'touch',
      'wc',
    ]);
  });

  it('compares File and Directory by name and contents (never the parent), as their __eq__ does', () => {
    const a = new Directory('docs', null);
    const b = new Directory('docs', new Directory('elsewhere'));
    a.addFile('x.txt', 'one');
    b.addFile('x.txt', 'one');
    expect(pyEq(a, b)).toBe(true);
    b.addDirectory('sub');
    expect(pyEq(a, b)).toBe(false);
    expect(pyEq(new File('x', 'c'), new File('x', 'c'))).toBe(true);
    expect(pyEq(new File('x', 'c'), new File('x', 'd'))).toBe(false);
    expect(pyEq(new File('x', ''), 'x')).toBe(false);
    expect(pyEq(a, new File('docs'))).toBe(false);
    expect(pyRepr(b)).toBe(
      "<Directory: docs, Parent: elsewhere, Contents: {'x.txt': <<File: x.txt, Content: one>>, 'sub': <Directory: sub, Parent: docs, Contents: {}>}>",
    );
    const one = createGorillaFileSystem();
    const two = createGorillaFileSystem();
    one.loadScenario(scenario(SCENARIO), false);
    two.loadScenario(scenario(SCENARIO), false);
    replay(one, ["cd('documents')"]);
    expect(pyEq(one.publicAttributes()[1]![1], two.publicAttributes()[1]![1])).toBe(true);
    replay(one, ["touch('new.txt')"]);
    expect(pyEq(one.publicAttributes()[1]![1], two.publicAttributes()[1]![1])).toBe(false);
  });
});
