// The TypeScript peer of the benchmarks: a server built on the official SDK (@modelcontextprotocol/sdk 1.32.2,
// installed by conformance/run.sh) exposing one tool, echo(text), that returns its text.
//   node echo-server.mjs stdio          newline-delimited JSON-RPC on stdin/stdout
//   node echo-server.mjs http <port>    Streamable HTTP at http://127.0.0.1:<port>/mcp, one session per client
// bench/run.sh copies this file next to a node_modules link, so the bare imports below resolve to that install.
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/v4';

function echoServer() {
  const server = new McpServer({ name: 'ts-sdk-echo', version: '1.0.0' });
  server.registerTool(
    'echo',
    {
      description: 'Returns its text argument',
      inputSchema: { text: z.string().describe('The text to return') },
      annotations: { readOnlyHint: true, destructiveHint: false },
    },
    async ({ text }) => ({ content: [{ type: 'text', text }] }),
  );
  return server;
}

async function serveStdio() {
  await echoServer().connect(new StdioServerTransport());
}

function serveHttp(port) {
  const app = createMcpExpressApp();
  const sessions = new Map();

  app.post('/mcp', async (req, res) => {
    const id = req.headers['mcp-session-id'];
    let transport = id ? sessions.get(id) : undefined;
    if (!transport) {
      if (id || !isInitializeRequest(req.body)) {
        res.status(id ? 404 : 400).json({
          jsonrpc: '2.0',
          error: { code: -32000, message: id ? 'Unknown session' : 'Initialize first' },
          id: null,
        });
        return;
      }
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => sessions.set(sessionId, transport),
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      await echoServer().connect(transport);
    }
    await transport.handleRequest(req, res, req.body);
  });

  const sessionRequest = async (req, res) => {
    const transport = sessions.get(req.headers['mcp-session-id']);
    if (!transport) {
      res.status(404).send('Unknown session');
      return;
    }
    await transport.handleRequest(req, res);
  };
  app.get('/mcp', sessionRequest);
  app.delete('/mcp', sessionRequest);

  app.listen(port, '127.0.0.1', (error) => {
    if (error) {
      console.error(error);
      process.exit(1);
    }
  });
}

const [mode, port] = process.argv.slice(2);
if (mode === 'stdio') {
  await serveStdio();
} else if (mode === 'http' && Number(port) > 0) {
  serveHttp(Number(port));
} else {
  console.error('usage: node echo-server.mjs stdio | http <port>');
  process.exit(2);
}
