// One browser step of the console's end-to-end tests: node steps.mjs STEP, with
//   NACOS_URL  the console's address (http://127.0.0.1:PORT/nacos)
//   CHROMIUM   the browser to drive (Debian's /usr/bin/chromium)
//   SHOTS      where screenshots go
//   STEP_ARGS  the step's arguments as JSON
// The JUnit tests run the steps in order and check, between them, what the official clients saw.
// A step exits 0 when everything it expects is on the page, and 1 with the reason otherwise.
import { chromium } from 'playwright-core';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const base = process.env.NACOS_URL;
const shots = process.env.SHOTS;
const args = JSON.parse(process.env.STEP_ARGS ?? '{}');
const TIMEOUT = 30000;

async function run(step) {
  mkdirSync(shots, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM, args: ['--no-sandbox'] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, acceptDownloads: true,
    locale: args.locale ?? 'en-US' });
  context.setDefaultTimeout(TIMEOUT);
  const page = await context.newPage();
  const problems = [];
  const urls = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    // A refused request is logged by the browser itself; the page shows those, which the steps check.
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) {
      problems.push(`console error: ${message.text()}`);
    }
  });
  page.on('request', (request) => urls.push(request.url()));
  page.on('dialog', (dialog) => dialog.accept());
  try {
    await STEPS[step](page);
    const leaked = urls.filter((url) => /accessToken/i.test(url));
    if (leaked.length > 0) {
      throw new Error(`a token went into a URL: ${leaked[0]}`);
    }
    if (problems.length > 0) {
      throw new Error(problems.join('\n'));
    }
  } catch (error) {
    await shot(page, `${step}-failed`).catch(() => {});
    throw error;
  } finally {
    await browser.close();
  }
}

async function shot(page, name) {
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

async function expectText(page, text) {
  await page.getByText(text, { exact: false }).first().waitFor({ state: 'visible' });
}

/** A messages file of the console's source, as key to text. */
function messages(file) {
  const text = readFileSync(new URL(`../../../nacos-console/ui/src/i18n/${file}`, import.meta.url), 'utf8');
  return new Map([...text.matchAll(/^ {2}'([\w.]+)': '((?:[^'\\]|\\.)*)',$/gm)]
    .map((match) => [match[1], match[2].replace(/\\(.)/g, '$1')]));
}

/**
 * The pieces of English messages (between placeholders, two words or more) that a page in
 * Chinese must not show; messages that read the same in both languages are left out.
 */
const ENGLISH = (() => {
  const zh = messages('zh.ts');
  return [...messages('en.ts')].filter(([key, text]) => zh.get(key) !== text)
    .flatMap(([, text]) => text.split(/\{\w+\}/).map((part) => part.trim()))
    .filter((part) => /[A-Za-z]{3,} [A-Za-z]{2,}/.test(part));
})();

/** The pages a language check visits, by their address and what shows they have loaded. */
const PAGES = [
  ['/configs', 'table'], ['/services', 'table'], ['/ai/mcp', 'table'], ['/ai/agents', 'table'], ['/namespaces', 'table'],
  ['/cluster', '[data-testid=node]'], ['/upgrade', 'table'], ['/live', '[data-testid="live plots"]'],
];

/** Signs in when the server asks anyone to (auth on); with auth off the console opens as it is. */
async function enter(page) {
  if (args.username) {
    await login(page);
  } else {
    await page.goto(`${base}/configs`);
  }
}

/** Every English message that shows on the page, which in Chinese must show none. */
async function englishOn(page) {
  const text = await page.locator('body').innerText();
  const titles = await page.locator('[placeholder], [title]').evaluateAll((elements) => elements
    .map((element) => `${element.getAttribute('placeholder') ?? ''} ${element.getAttribute('title') ?? ''}`));
  const shown = `${text}\n${titles.join('\n')}`;
  return ENGLISH.filter((part) => shown.includes(part));
}

/** Signs in, on a sign-in page in English or, for a browser that prefers Chinese, in Chinese. */
async function login(page, username = args.username, password = args.password) {
  await page.goto(`${base}/login`);
  await page.getByLabel(/^(Username|用户名)$/).fill(username);
  await page.getByLabel(/^(Password|密码)$/).fill(password);
  await page.getByRole('button', { name: /^(Sign in|登录)$/ }).click();
  await page.waitForURL(/\/nacos\/configs/);
}

/** Replaces the editor's text as a paste would: typed keys would be auto-indented and auto-closed. */
async function setEditor(page, text) {
  const content = page.locator('.editor .cm-content');
  await content.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

async function configRow(page, dataId) {
  return page.locator('tr', { has: page.getByText(dataId, { exact: true }) });
}

const STEPS = {
  async firstAdmin(page) {
    await page.goto(`${base}/`);
    await page.waitForURL(/\/nacos\/login/);
    await expectText(page, 'No administrator exists yet');
    await shot(page, 'login-first-admin');
    await page.getByLabel('Password').fill(args.password);
    await page.getByRole('button', { name: 'Set the admin password' }).click();
    await expectText(page, 'The admin user nacos is set');
    await page.getByLabel('Password').fill(args.password);
    await shot(page, 'login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/nacos\/configs/);
    await page.getByTestId('username').filter({ hasText: 'nacos' }).waitFor();
    await shot(page, 'configs-empty');
  },

  async wrongPassword(page) {
    await page.goto(`${base}/login`);
    await page.getByLabel('Username').fill('nacos');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').first().waitFor();
    const text = await page.getByRole('alert').first().innerText();
    if (!/user not found|password|unknown user/i.test(text)) {
      throw new Error(`the refusal does not say why: ${text}`);
    }
    await shot(page, 'login-refused');
  },

  async createNamespace(page) {
    await login(page);
    await page.getByRole('link', { name: 'Namespaces' }).click();
    await page.getByRole('link', { name: 'Create namespace' }).click();
    await page.getByLabel('ID').fill(args.id);
    await page.getByLabel('Name', { exact: true }).fill(args.name);
    await page.getByLabel('Description').fill('made by the console test');
    await shot(page, 'namespace-create');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/nacos\/namespaces/);
    await page.locator('td', { hasText: args.id }).first().waitFor();
    await shot(page, 'namespaces');
    // The switcher offers it, and choosing it puts it in the URL.
    await page.getByLabel('namespace', { exact: true }).selectOption(args.id);
    await page.waitForURL(new RegExp(`namespace=${args.id}`));
  },

  async createConfig(page) {
    await login(page);
    await page.goto(`${base}/configs?namespace=${args.namespace}`);
    await page.getByRole('link', { name: 'Create config' }).click();
    await page.getByLabel('Data ID').fill(args.dataId);
    if (await page.getByLabel('Type').inputValue() !== 'yaml') {
      throw new Error('the type was not taken from the .yaml extension');
    }
    await setEditor(page, 'a: [1, 2\nb: 3');
    await expectText(page, 'not valid YAML');
    if (await page.getByRole('button', { name: 'Review and publish' }).isEnabled()) {
      throw new Error('invalid YAML can be published');
    }
    await shot(page, 'config-create-invalid');
    await setEditor(page, args.content);
    await page.getByRole('button', { name: 'Review and publish' }).click();
    await page.getByTestId('diff').waitFor();
    await shot(page, 'config-create-review');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expectText(page, `Published ${args.dataId}`);
    await shot(page, 'config-edit');
  },

  async editConfig(page) {
    await login(page);
    await page.goto(`${base}/configs?namespace=${args.namespace}`);
    await (await configRow(page, args.dataId)).getByRole('link', { name: 'Edit' }).click();
    await page.locator('.editor .cm-content', { hasText: args.before }).waitFor();
    await setEditor(page, args.content);
    await page.getByRole('button', { name: 'Review and publish' }).click();
    const diff = page.getByTestId('diff');
    await diff.waitFor();
    for (const line of [args.before, args.content]) {
      await diff.getByText(line.split('\n')[0]).first().waitFor();
    }
    await shot(page, 'config-diff');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expectText(page, `Published ${args.dataId}`);
  },

  async historyRollback(page) {
    await login(page);
    await page.goto(`${base}/configs?namespace=${args.namespace}`);
    await (await configRow(page, args.dataId)).getByRole('link', { name: 'History' }).click();
    const rows = page.locator('tbody tr');
    await page.locator('td', { hasText: 'updated' }).first().waitFor();
    if (await rows.count() !== args.entries) {
      throw new Error(`expected ${args.entries} history entries, saw ${await rows.count()}`);
    }
    await page.getByLabel(/pick version/).nth(0).check();
    await page.getByLabel(/pick version/).nth(1).check();
    await page.getByRole('button', { name: 'Compare' }).click();
    await page.getByTestId('diff').waitFor();
    await shot(page, 'config-history');
    await page.locator('tr', { hasText: 'updated' }).getByRole('button', { name: 'Roll back' }).click();
    await expectText(page, 'Rolled');
  },

  async listeners(page) {
    await login(page);
    await page.goto(`${base}/configs/listeners?namespace=${args.namespace}&dataId=${args.dataId}&group=DEFAULT_GROUP`);
    await page.locator('td', { hasText: 'yes' }).first().waitFor();
    await shot(page, 'config-listeners');
  },

  async cloneExportImport(page) {
    await login(page);
    await page.goto(`${base}/configs?namespace=${args.namespace}`);
    await page.getByLabel(`select ${args.dataId}`).check();
    await page.getByRole('link', { name: 'Clone to another namespace' }).click();
    await page.getByLabel('To namespace').selectOption(args.cloneTo);
    await page.getByRole('button', { name: 'Clone' }).click();
    await expectText(page, '1 written');
    await shot(page, 'config-clone');
    await page.goto(`${base}/configs?namespace=${args.namespace}`);
    await (await configRow(page, args.dataId)).waitFor();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export all' }).click();
    const archive = path.join(shots, 'export.zip');
    await (await downloading).saveAs(archive);
    await page.goto(`${base}/configs/import?namespace=${args.importTo}`);
    await page.getByLabel('Archive').setInputFiles(archive);
    await page.getByLabel('When a config exists').selectOption('OVERWRITE');
    await page.getByRole('button', { name: 'Import' }).click();
    await expectText(page, 'written');
    await shot(page, 'config-import');
    await page.goto(`${base}/configs?namespace=${args.importTo}`);
    await (await configRow(page, args.dataId)).waitFor();
  },

  async takeInstanceOffline(page) {
    await login(page);
    await page.getByRole('link', { name: 'Services' }).click();
    await page.getByLabel('service name').fill(args.service);
    await page.getByRole('button', { name: 'Search' }).click();
    await shot(page, 'services');
    await page.locator('tr', { hasText: args.service }).getByRole('link', { name: 'Details' }).click();
    const row = page.getByTestId(`instance ${args.instance}`);
    await row.waitFor();
    // The subscribers page on their own, apart from the instances.
    await page.getByTestId('sub pager').getByText('1-1 of 1').waitFor();
    await shot(page, 'service-detail');
    await row.getByRole('button', { name: 'Take offline' }).click();
    await expectText(page, 'taken offline');
    await row.getByRole('button', { name: 'Bring online' }).waitFor();
    await row.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('edit instance').waitFor();
    await shot(page, 'instance-edit');
  },

  async readOnlyRefused(page) {
    await login(page);
    await page.goto(`${base}/configs/edit?namespace=${args.namespace}&dataId=${args.dataId}&group=DEFAULT_GROUP`);
    await page.locator('.editor .cm-content').waitFor();
    await setEditor(page, 'read: only');
    await page.getByRole('button', { name: 'Review and publish' }).click();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expectText(page, 'authorization failed');
    if (!page.url().includes('/configs/edit')) {
      throw new Error(`a refused write left the page: ${page.url()}`);
    }
    await shot(page, 'read-only-refused');
  },

  async expiredToken(page) {
    await login(page);
    await page.evaluate(() => sessionStorage.setItem('nacos.accessToken', 'not-a-token'));
    await page.goto(`${base}/services`);
    await page.waitForURL(/\/nacos\/login\?reason=/);
    await expectText(page, 'Please sign in');
    await shot(page, 'login-token-refused');
  },

  async badAnswers(page) {
    await login(page);
    const answers = [
      { name: '500', expect: 'the disk is full', fulfil: (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'caused: the disk is full;' }) },
      { name: 'malformed', expect: 'not valid JSON', fulfil: (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"totalCount": 1, "pageItems": [' }) },
      { name: 'unreachable', expect: 'cannot reach the server', fulfil: (route) => route.abort('timedout') },
    ];
    for (const answer of answers) {
      await page.route('**/nacos/v1/cs/configs?*', answer.fulfil);
      await page.goto(`${base}/configs?dataId=${answer.name}`);
      await page.getByRole('alert').filter({ hasText: answer.expect }).waitFor();
      await page.getByRole('link', { name: 'Services' }).waitFor();
      await shot(page, `error-${answer.name}`);
      await page.unroute('**/nacos/v1/cs/configs?*');
    }
  },

  async bulkDelete(page) {
    await login(page);
    await page.goto(`${base}/configs?namespace=${args.namespace}`);
    await (await configRow(page, args.dataId)).waitFor();
    await page.getByLabel('select all').check();
    await page.getByRole('button', { name: 'Delete' }).first().click();
    await expectText(page, 'Deleted 1 config');
    await page.getByText('No config matches.').waitFor();
    await shot(page, 'configs-bulk-deleted');
  },

  async betaPublish(page) {
    await login(page);
    await page.goto(`${base}/configs/edit?namespace=${args.namespace}&dataId=${args.dataId}&group=DEFAULT_GROUP`);
    await page.locator('.editor .cm-content').waitFor();
    await page.getByLabel('Beta to IPs').fill(args.ip);
    await setEditor(page, 'beta: true\n');
    await page.getByRole('button', { name: 'Review and publish' }).click();
    await page.getByRole('button', { name: 'Publish as beta' }).click();
    await expectText(page, `Published as beta to ${args.ip}`);
    await expectText(page, `A beta of this config is served to ${args.ip}`);
    await shot(page, 'config-beta');
    await page.getByRole('button', { name: 'Stop beta' }).click();
    await expectText(page, 'Beta stopped');
  },

  async serviceCrud(page) {
    await login(page);
    await page.getByRole('link', { name: 'Services' }).click();
    await page.getByRole('link', { name: 'Create service' }).click();
    await page.getByLabel('Name', { exact: true }).fill(args.service);
    await page.getByLabel('Protect threshold').fill('0.5');
    await page.getByLabel('Metadata').fill('team=payments');
    await shot(page, 'service-create');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/nacos\/services\/detail/);
    await page.locator('dd', { hasText: 'team=payments' }).waitFor();
    await page.getByRole('link', { name: 'Edit service' }).click();
    await page.getByLabel('Protect threshold').fill('0.7');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('dd', { hasText: /^0.7$/ }).waitFor();
    await page.getByRole('button', { name: 'Delete service' }).click();
    await page.waitForURL(/\/nacos\/services(\?|$)/);
    await page.getByLabel('service name').fill(args.service);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No service matches.').waitFor();
  },

  async adminPages(page) {
    await login(page);
    await page.getByRole('link', { name: 'Access' }).click();
    await page.locator('td', { hasText: args.user }).first().waitFor();
    await shot(page, 'access-users');
    await page.getByRole('link', { name: 'Roles' }).click();
    await page.locator('td', { hasText: args.role }).first().waitFor();
    await shot(page, 'access-roles');
    await page.getByRole('link', { name: 'Permissions' }).click();
    await page.locator('td', { hasText: args.resource }).first().waitFor();
    await shot(page, 'access-permissions');
    await page.getByRole('link', { name: 'Upgrade' }).click();
    await page.getByTestId('upgrade upgraded').waitFor();
    await shot(page, 'upgrade');
    await page.getByRole('link', { name: 'Live' }).click();
    await page.getByTestId('live').waitFor();
    await shot(page, 'live');
    await page.getByRole('link', { name: 'Cluster' }).click();
    await page.getByTestId('connection').first().waitFor();
    await page.getByTestId('node').first().waitFor();
    await shot(page, 'cluster-clients');
  },

  async languages(page) {
    await enter(page);
    await page.getByRole('link', { name: 'Configs' }).waitFor();
    await page.getByLabel('language').selectOption('zh-CN');
    await page.getByRole('link', { name: '配置管理' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: '配置列表' }).waitFor();
    if ((await page.locator('html').getAttribute('lang')) !== 'zh-CN') {
      throw new Error('the page does not say it is in Chinese (html lang)');
    }
    const left = [];
    for (const [address, loaded] of PAGES) {
      await page.goto(`${base}${address}`);
      await page.locator(loaded).first().waitFor();
      await page.waitForLoadState('networkidle');
      left.push(...(await englishOn(page)).map((message) => `${address}: ${message}`));
      await shot(page, `zh${address.replaceAll('/', '-')}`);
    }
    if (left.length > 0) {
      throw new Error(`English left on Chinese pages:\n${left.join('\n')}`);
    }
    await page.getByLabel('language').selectOption('en-US');
    await page.getByRole('heading', { name: 'Live' }).waitFor();
  },

  async browserLanguage(page) {
    await enter(page);
    await page.getByRole('link', { name: '配置管理' }).waitFor();
    await shot(page, 'zh-by-browser');
  },

  async plots(page) {
    await enter(page);
    await page.goto(`${base}/live`);
    for (const plot of ['requests', 'pushes', 'latency', 'connections', 'heap', 'cpu']) {
      const figure = page.getByTestId(`plot ${plot}`);
      await figure.locator('canvas').first().waitFor();
      await page.waitForFunction((id) => Number(document.querySelector(`[data-testid="plot ${id}"]`)
        ?.getAttribute('data-points') ?? 0) >= 2, plot, { timeout: TIMEOUT });
    }
    const before = Number(await page.getByTestId('plot cpu').getAttribute('data-points'));
    // The next read comes 5 s later and brings the point the node took meanwhile.
    await page.waitForFunction((count) => Number(document.querySelector('[data-testid="plot cpu"]')
      ?.getAttribute('data-points') ?? 0) > count, before, { timeout: TIMEOUT });
    await shot(page, 'live-plots');
    await page.getByLabel('language').selectOption('zh-CN');
    await page.getByText('每秒请求数').first().waitFor();
    await shot(page, 'zh-live-plots');
  },

  async clusterFigures(page) {
    await enter(page);
    await page.goto(`${base}/cluster`);
    const deadline = Date.now() + TIMEOUT;
    for (;;) {
      const columns = await page.getByTestId('node figures').count();
      const drawn = await page.locator('[data-testid="node figures"] [data-testid$=" cpu"]').evaluateAll(
        (plots) => plots.filter((plot) => Number(plot.getAttribute('data-points')) >= 2).length);
      if (columns === args.nodes && drawn === args.nodes) {
        break;
      }
      if (Date.now() > deadline) {
        throw new Error(`expected ${args.nodes} nodes plotted side by side, saw ${columns} columns, ${drawn} with points`);
      }
      await page.waitForTimeout(1000);
    }
    await shot(page, 'cluster-figures');
  },

  async mcpServers(page) {
    await enter(page);
    await page.getByRole('link', { name: 'MCP servers' }).click();
    await page.getByRole('link', { name: 'Create MCP server' }).click();
    const server = await page.getByLabel('serverSpecification').inputValue();
    await page.getByLabel('serverSpecification').fill(server.replace('"weather"', `"${args.mcp}"`));
    await page.getByLabel('toolSpecification').fill('{"tools":[{"name":"get_weather","inputSchema":{"type":"nope"}}]}');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expectText(page, 'JSON Schema');
    await page.getByLabel('toolSpecification').fill('{"tools":[{"name":"get_weather","description":"The weather",'
      + '"inputSchema":{"type":"object","properties":{"city":{"type":"string"}}}}]}');
    await page.getByLabel('endpointSpecification').fill('{"type":"DIRECT","data":{"address":"127.0.0.1","port":"8931"}}');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByTestId('mcp detail').waitFor();
    await page.locator('td', { hasText: 'get_weather' }).first().waitFor();
    await page.getByTestId('endpoint').filter({ hasText: '127.0.0.1:8931' }).first().waitFor();
    await shot(page, 'mcp-detail');
    await page.getByRole('link', { name: 'Publish a version' }).click();
    const next = await page.getByLabel('serverSpecification').inputValue();
    await page.getByLabel('serverSpecification').fill(next.replace('"1.0.0"', '"1.1.0"'));
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByLabel('version').locator('option', { hasText: '1.1.0 (latest)' }).waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Disable' }).click();
    await expectText(page, `${args.mcp} is disabled`);
    await page.getByRole('link', { name: 'Back to MCP servers' }).click();
    await page.getByTestId(`mcp ${args.mcp}`).getByText('off').waitFor();
    await page.getByRole('link', { name: 'Import' }).click();
    await page.getByLabel('data').fill(args.registry);
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByTestId('import check').getByText('valid', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expectText(page, 'Imported 1, skipped 0, failed 0');
    await shot(page, 'mcp-import');
    await page.getByLabel('language').selectOption('zh-CN');
    await page.goto(`${base}/ai/mcp`);
    await page.getByTestId(`mcp ${args.mcp}`).waitFor();
    await shot(page, 'zh-mcp');
  },

  async agents(page) {
    await enter(page);
    await page.getByRole('link', { name: 'Agents' }).click();
    await page.getByRole('link', { name: 'Register agent' }).click();
    await page.getByLabel('agentCard').fill('[1, 2]');
    await expectText(page, 'must be a JSON object');
    const card = { name: args.agent, version: '1.0.0', description: 'plans trips', url: 'http://127.0.0.1:7001/a2a',
      skills: [{ id: 'plan', name: 'Plan a trip' }] };
    await page.getByLabel('agentCard').fill(JSON.stringify(card, null, 2));
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByTestId('agent detail').getByText('http://127.0.0.1:7001/a2a').waitFor();
    await page.getByRole('link', { name: 'Publish a version' }).click();
    await page.getByLabel('agentCard').fill(JSON.stringify({ ...card, version: '2.0.0', url: 'http://127.0.0.1:7002/a2a' }));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('agent detail').getByText('http://127.0.0.1:7002/a2a').waitFor();
    await page.getByRole('cell', { name: '2.0.0 (latest)' }).waitFor();
    await shot(page, 'agent-detail');
  },

  async clusterNodes(page) {
    // Each member's Raft roles reach this node with its next report: the page is opened again
    // until every member is UP and one of them leads a group.
    const deadline = Date.now() + TIMEOUT;
    for (;;) {
      await page.goto(`${base}/cluster`);
      await page.getByTestId('node').first().waitFor();
      const count = await page.getByTestId('node').count();
      const up = await page.locator('[data-testid=node] td', { hasText: /^UP$/ }).count();
      const leaders = await page.locator('[data-testid=node] td', { hasText: ': leader' }).count();
      if (count === args.nodes && up === args.nodes && leaders > 0) {
        break;
      }
      if (Date.now() > deadline) {
        throw new Error(`expected ${args.nodes} nodes UP and a Raft leader, saw ${count} nodes, ${up} UP, ${leaders} leading`);
      }
      await page.waitForTimeout(1000);
    }
    await shot(page, 'cluster');
  },
};

if (!STEPS[process.argv[2]]) {
  console.error(`no step ${process.argv[2]}; steps: ${Object.keys(STEPS).join(', ')}`);
  process.exit(2);
}
run(process.argv[2]).then(() => console.log(`step ${process.argv[2]}: ok`), (error) => {
  console.error(`step ${process.argv[2]} failed: ${error.stack ?? error}`);
  writeFileSync(path.join(shots, `${process.argv[2]}-failed.txt`), String(error.stack ?? error));
  process.exit(1);
});
