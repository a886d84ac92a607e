/**
 * bench:api's ceiling: a bare Fastify route that parses the JSON body and answers 204, nothing stored.
 * PORT from the environment; prints "listening" once ready.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
app.post('/*', (_request, reply) => reply.code(204).send());
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('listening');
