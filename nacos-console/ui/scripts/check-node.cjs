// Run by Maven before npm ci: a build on an old Node fails here with what to install, not later
// with a syntax error from deep inside the bundler. CommonJS, so that any Node can run it.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 18) {
  console.error(`The console needs Node.js 18 or later (found ${process.versions.node}). ` +
    'Install it from your distribution (Debian: apt-get install nodejs npm) or nodejs.org, ' +
    'then build again.');
  process.exit(1);
}
console.log(`Node.js ${process.versions.node}: building the console`);
