import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { testReader } from '../../../test/reader-tester.js';
import { loadTraceFile } from '../../io/trace.js';
import { fromSWEAgent, sweAgentFormat } from './swe-agent.js';

const CORPUS = new URL('../../../test/corpus/agents/swe-agent/', import.meta.url);
const SIMPLE_URL = new URL('function_calling_simple.traj', CORPUS);
const SIMPLE: unknown = JSON.parse(readFileSync(SIMPLE_URL, 'utf8'));
const REFUSED_EDIT = JSON.parse(
  readFileSync(new URL('marshmallow-1867-lint-refused-edit.excerpt.traj', CORPUS), 'utf8'),
) as { history: { content: string }[] };

/** What SWE-agent appends to every observation it shows the model. */
const FOOTER =
  '\n(Open file: /SWE-agent__test-repo/tests/missing_colon.py)\n(Current directory: /SWE-agent__test-repo)\nbash-$';
const LISTING = (signature: string) =>
  `1:#!/usr/bin/env python3\r\n2:\r\n3:\r\n4:${signature}\r\n5:    return a/b\r\n6:\r\n7:\r\n8:if __name__ == "__main__":\r\n9:    print(division(123, 15))\r\n10:`;
const SIMPLE_CALLS = [
  {
    tool: 'find_file',
    args: { file_name: 'missing_colon.py' },
    is_error: false,
    id: 'call_PbWErNIge3YTrli3fiVvmIid',
    result:
      'Found 1 matches for "missing_colon.py" in /SWE-agent__test-repo:\r\n/SWE-agent__test-repo/tests/missing_colon.py\n(Open file: n/a)\n(Current directory: /SWE-agent__test-repo)\nbash-$',
  },
  {
    tool: 'open',
    args: { path: 'tests/missing_colon.py' },
    is_error: false,
    id: 'call_upNLxh7rBcDH9w5XiNdoAS0I',
    result: `[File: tests/missing_colon.py (10 lines total)]\r\n${LISTING('def division(a: float, b: float) -> float')}${FOOTER}`,
  },
  {
    tool: 'edit',
    args: {
      search: 'def division(a: float, b: float) -> float',
      replace: 'def division(a: float, b: float) -> float:',
    },
    is_error: false,
    id: 'call_hIiDKXAXZl4qMHV6RRXvil4u',
    result: `Text replaced. Please review the changes and make sure they are correct:\r\n\r\n1. The edited file is correctly indented\r\n2. The edited file does not contain duplicate lines\r\n3. The edit does not break existing functionality\r\n\r\nEdit the file again if necessary.\r\n[File: /SWE-agent__test-repo/tests/missing_colon.py (10 lines total)]\r\n${LISTING('def division(a: float, b: float) -> float:')}${FOOTER}`,
  },
  {
    tool: 'bash',
    args: { command: 'python tests/missing_colon.py' },
    is_error: false,
    id: 'call_5O339epJ3rKjEal3Kuvpj9bM',
    result: `8.2${FOOTER}`,
  },
  {
    tool: 'submit',
    args: {},
    is_error: false,
    id: 'call_6zuFhIfpOAi1jAiD2QHMmh6S',
    result: `\r\ndiff --git a/tests/missing_colon.py b/tests/missing_colon.py\r\nindex 20edef5..5857437 100755\r\n--- a/tests/missing_colon.py\r\n+++ b/tests/missing_colon.py\r\n@@ -1,7 +1,7 @@\r\n #!/usr/bin/env python3\r\n \r\n \r\n-def division(a: float, b: float) -> float\r\n+def division(a: float, b: float) -> float:\r\n     return a/b\r\n \r\n \r\n${FOOTER}`,
  },
];

const TEST_REPO: unknown = JSON.parse(readFileSync(new URL('6e44b9__sweagenttestrepo-1c2844.traj', CORPUS), 'utf8'));

const COMMAND_TEXT: unknown = JSON.parse(readFileSync(new URL('swe-agent__test-repo-i1.traj', CORPUS), 'utf8'));
const TEXT_LISTING = (signature: string) =>
  `1:#!/usr/bin/env python3\n2:\n3:\n4:${signature}\n5:    return a/b\n6:\n7:\n8:if __name__ == "__main__":\n9:    print(division(123, 15))\n10:\n`;

const PYDICOM = JSON.parse(readFileSync(new URL('pydicom__pydicom-1458.traj', CORPUS), 'utf8')) as {
  trajectory: { observation: string }[];
};
// Long observations (file listings, a traceback, a diff) are the file's own text.
const PYDICOM_OUT = PYDICOM.trajectory.map((step) => step.observation);
const REPRODUCER = `edit 1:1
import numpy as np
from pydicom.dataset import Dataset, FileMetaDataset

ds = Dataset()
ds.file_meta = FileMetaDataset()
ds.file_meta.TransferSyntaxUID = '1.2.840.10008.1.2.1'

ds.BitsAllocated = 32
ds.SamplesPerPixel = 1
ds.Rows = 5
ds.Columns = 5
ds.PhotometricInterpretation = 'MONOCHROME2'

pixel_array = np.zeros((ds.Rows, ds.Columns), dtype=np.float32)
ds.FloatPixelData = pixel_array.flatten().tobytes()

result = np.array_equal(ds.pixel_array, pixel_array)
print("Script completed successfully, no errors. Result:", result)
end_of_edit`;
const REQUIRED = `    required_elements = [
        'BitsAllocated', 'Rows', 'Columns', 'SamplesPerPixel', 'PhotometricInterpretation'
    ]
    if 'PixelData' in ds:
        required_elements.append('PixelRepresentation')
    missing = [elem for elem in required_elements if elem not in ds]
    if missing:
        raise AttributeError(
            "Unable to convert the pixel data as the following required "
            "elements are missing from the dataset: " + ", ".join(missing)
        )
end_of_edit`;
const LINT_REFUSED =
  'Your proposed edit has introduced new syntax error(s). Please understand the fixes and retry your edit commmand.';

const ROUNDED = 'return int(round(value.total_seconds() / base_unit.total_seconds()))  # round to nearest int';

testReader(sweAgentFormat, [
  {
    name: 'the function-calling demonstration SWE-agent ships (find_file, open, edit, bash, submit)',
    input: SIMPLE,
    calls: SIMPLE_CALLS,
  },
  {
    name: 'a run of SWE-agent tests whose final submit step is in the trajectory only: four calls and a warning',
    input: TEST_REPO,
    calls: [
      { ...SIMPLE_CALLS[0]!, id: 'call_fJuazlMUN5fQDQ73G6XSpYpx' },
      {
        tool: 'open',
        args: { path: '/SWE-agent__test-repo/tests/missing_colon.py' },
        is_error: false,
        id: 'call_OhmPHGZp0XJ6JRnNkQaYcBMs',
        result: `[File: /SWE-agent__test-repo/tests/missing_colon.py (10 lines total)]\r\n${LISTING('def division(a: float, b: float) -> float')}${FOOTER}`,
      },
      {
        tool: 'edit',
        args: {
          search: 'def division(a: float, b: float) -> float',
          replace: 'def division(a: float, b: float) -> float:',
          'replace-all': false,
        },
        is_error: false,
        id: 'call_DVnbJcFrvwPsrPt3KfIMf7OH',
        result: `Replaced 1 occurrences. Please review the changes and make sure they are correct\r\n(correct indentation, no duplicate lines, etc). Edit the file again if necessary.\r\n[File: /SWE-agent__test-repo/tests/missing_colon.py (10 lines total)]\r\n${LISTING('def division(a: float, b: float) -> float:')}${FOOTER}`,
      },
      {
        tool: 'bash',
        args: { command: 'python3 /SWE-agent__test-repo/tests/missing_colon.py' },
        is_error: false,
        id: 'call_dcF76aXH6e1pzqRwGxOwpuxb',
        result: `8.2${FOOTER}`,
      },
    ],
    warnings: [
      "t at $.trajectory[4]: 1 step after the history's last tool call not read (the history does not hold their tool call)",
    ],
  },
  {
    name: 'an edit its linter refused fails (the first line of the refusal is the error); the retry succeeds',
    input: REFUSED_EDIT,
    calls: [
      {
        tool: 'edit',
        args: { replacement_text: ROUNDED, start_line: 1475, end_line: 1475 },
        is_error: true,
        id: 'call_q3VsBszvsntfyPkxeHq4i5N1',
        // The results are the tool messages of the excerpt, whole (9 KB and 4 KB of file listing).
        result: REFUSED_EDIT.history[1]!.content,
        error:
          'Your proposed edit has introduced new syntax error(s). Please read this error message carefully and then retry editing the file.',
      },
      {
        tool: 'edit',
        args: { replacement_text: `        ${ROUNDED}`, start_line: 1475, end_line: 1475 },
        is_error: false,
        id: 'call_w3V11DzvRdoLHWwtZgIaW2wr',
        result: REFUSED_EDIT.history[3]!.content,
      },
    ],
  },
  {
    name: 'a cancelled command fails; a reused id answers the step before it; a final step missing from the history is said',
    input: {
      history: [
        { role: 'system', content: 'SETTING', message_type: 'system_prompt' },
        {
          role: 'assistant',
          tool_calls: [{ id: 'c1', function: { name: 'bash', arguments: '{"command":"sleep 99"}' } }],
        },
        {
          role: 'tool',
          tool_call_ids: ['c1'],
          content: [
            {
              type: 'text',
              text: "The command 'sleep 99' was cancelled because it took more than 30 seconds. Please try again.\n",
            },
          ],
        },
        { role: 'assistant', tool_calls: [{ id: 'c1', function: { name: 'bash', arguments: '{"command":"ls"}' } }] },
        { role: 'tool', tool_call_id: 'c9', content: [{ type: 'text', text: 'a.py' }] },
      ],
      trajectory: [
        { action: 'sleep 99', observation: '' },
        { action: 'ls', observation: 'a.py' },
        { action: 'submit', observation: '' },
      ],
    },
    calls: [
      {
        tool: 'bash',
        args: { command: 'sleep 99' },
        is_error: true,
        id: 'c1',
        result: "The command 'sleep 99' was cancelled because it took more than 30 seconds. Please try again.\n",
        error: "The command 'sleep 99' was cancelled because it took more than 30 seconds. Please try again.",
      },
      { tool: 'bash', args: { command: 'ls' }, is_error: false, id: 'c1', result: 'a.py' },
    ],
    warnings: [
      "t at $.trajectory[2]: 1 step after the history's last tool call not read (the history does not hold their tool call)",
    ],
  },
  {
    name: 'a run of a command-text agent (no tool_calls): one call per step, named by its command',
    input: COMMAND_TEXT,
    calls: [
      {
        tool: 'find_file',
        args: { command: 'find_file "missing_colon.py"' },
        is_error: false,
        result:
          'Found 1 matches for "missing_colon.py" in /klieret__swe-agent-test-repo:\n/klieret__swe-agent-test-repo/tests/missing_colon.py\n',
      },
      {
        tool: 'open',
        args: { command: 'open tests/missing_colon.py' },
        is_error: false,
        result: `[File: /klieret__swe-agent-test-repo/tests/missing_colon.py (10 lines total)]\n${TEXT_LISTING('def division(a: float, b: float) -> float')}`,
      },
      {
        tool: 'edit',
        args: { command: 'edit 4:4\ndef division(a: float, b: float) -> float:\nend_of_edit' },
        is_error: false,
        result: `[File: /klieret__swe-agent-test-repo/tests/missing_colon.py (10 lines total)]\n${TEXT_LISTING('def division(a: float, b: float) -> float:')}File updated. Please review the changes and make sure they are correct (correct indentation, no duplicate lines, etc). Edit the file again if necessary.\n`,
      },
      { tool: 'python', args: { command: 'python tests/missing_colon.py' }, is_error: false, result: '8.2\n' },
      {
        tool: 'submit',
        args: { command: 'submit' },
        is_error: false,
        result:
          '\ndiff --git a/tests/missing_colon.py b/tests/missing_colon.py\nindex 20edef5..5857437 100755\n--- a/tests/missing_colon.py\n+++ b/tests/missing_colon.py\n@@ -1,7 +1,7 @@\n #!/usr/bin/env python3\n \n \n-def division(a: float, b: float) -> float\n+def division(a: float, b: float) -> float:\n     return a/b\n \n \n',
      },
    ],
  },
  {
    name: 'a command-text run whose linter refused three edits: those fail, a traceback is output, not a failure',
    input: PYDICOM,
    calls: [
      {
        tool: 'create',
        args: { command: 'create reproduce_bug.py' },
        is_error: false,
        result: '[File: /pydicom__pydicom/reproduce_bug.py (1 lines total)]\n1:\n',
      },
      { tool: 'edit', args: { command: REPRODUCER }, is_error: false, result: PYDICOM_OUT[1] },
      { tool: 'python', args: { command: 'python reproduce_bug.py' }, is_error: false, result: PYDICOM_OUT[2] },
      {
        tool: 'find_file',
        args: { command: 'find_file "numpy_handler.py"' },
        is_error: false,
        result:
          'Found 3 matches for "numpy_handler.py" in /pydicom__pydicom:\n/pydicom__pydicom/pydicom/overlays/numpy_handler.py\n/pydicom__pydicom/pydicom/pixel_data_handlers/numpy_handler.py\n/pydicom__pydicom/pydicom/waveforms/numpy_handler.py\n',
      },
      {
        tool: 'open',
        args: { command: 'open pydicom/pixel_data_handlers/numpy_handler.py 293' },
        is_error: false,
        result: PYDICOM_OUT[4],
      },
      {
        tool: 'edit',
        args: { command: `edit 287:295\n${REQUIRED.slice(REQUIRED.indexOf('\n') + 1)}` },
        is_error: true,
        result: PYDICOM_OUT[5],
        error: LINT_REFUSED,
      },
      {
        tool: 'edit',
        args: { command: `edit 287:295\n${REQUIRED}` },
        is_error: true,
        result: PYDICOM_OUT[6],
        error: LINT_REFUSED,
      },
      {
        tool: 'edit',
        args: { command: `edit 287:295\n${REQUIRED}` },
        is_error: true,
        result: PYDICOM_OUT[7],
        error: LINT_REFUSED,
      },
      { tool: 'edit', args: { command: `edit 287:296\n${REQUIRED}` }, is_error: false, result: PYDICOM_OUT[8] },
      {
        tool: 'python',
        args: { command: 'python reproduce_bug.py' },
        is_error: false,
        result: 'Script completed successfully, no errors. Result: True\n',
      },
      { tool: 'rm', args: { command: 'rm reproduce_bug.py' }, is_error: false, result: '' },
      { tool: 'submit', args: { command: 'submit' }, is_error: false, result: PYDICOM_OUT[11] },
    ],
  },
  {
    name: 'a command-text step with no action is said, not read; execution_time is the duration; 0.x timeouts fail',
    input: {
      history: [{ role: 'assistant', content: 'ls -F', message_type: 'action' }],
      trajectory: [
        { action: '', observation: 'Exited (autosubmitted)' },
        { action: 'ls -F\n', observation: 'src/', execution_time: 0.25 },
        { action: ' \n', observation: '' },
        { action: 'python run.py\n', observation: 'step 1\nEXECUTION TIMED OUT\n' },
        {
          action: 'python -i\n',
          observation: '\nEXECUTION TIMED OUT AND INTERRUPT FAILED. RESTARTING PROCESS.',
        },
        { action: 'echo EXECUTION TIMED OUT later\n', observation: 'EXECUTION TIMED OUT later\n' },
      ],
    },
    calls: [
      { tool: 'ls', args: { command: 'ls -F' }, is_error: false, result: 'src/', duration: 0.25 },
      {
        tool: 'python',
        args: { command: 'python run.py' },
        is_error: true,
        result: 'step 1\nEXECUTION TIMED OUT\n',
        error: 'EXECUTION TIMED OUT',
      },
      {
        tool: 'python',
        args: { command: 'python -i' },
        is_error: true,
        result: '\nEXECUTION TIMED OUT AND INTERRUPT FAILED. RESTARTING PROCESS.',
        error: 'EXECUTION TIMED OUT AND INTERRUPT FAILED. RESTARTING PROCESS.',
      },
      {
        tool: 'echo',
        args: { command: 'echo EXECUTION TIMED OUT later' },
        is_error: false,
        result: 'EXECUTION TIMED OUT later\n',
      },
    ],
    warnings: ['t at $.trajectory[0]: 2 steps with no action not read'],
  },
]);

test('a .traj file and the in-memory helper give the calls the reader gives', async () => {
  expect((await loadTraceFile(SIMPLE_URL.pathname)).calls).toEqual(SIMPLE_CALLS);
  expect(fromSWEAgent(SIMPLE)).toEqual(SIMPLE_CALLS);
});
