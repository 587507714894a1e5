// The RUM bench's floor: a bare node:http server that reads a POST's body and answers 204, what
// any beacon endpoint must at least do. Prints its port, then serves until killed.
import { createServer } from 'node:http';

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(204, { 'access-control-allow-origin': '*' });
    res.end();
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
