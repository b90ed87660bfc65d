// The same argon2id work a sign-in does, in a process of its own at the lowest priority: the
// benchmark runs the list beside it to see what that much hashing costs the machine's other work
// when the server is not involved at all (the floor of the sign-in rise on this machine).
// Each message `{ id, options }` runs one hash with those options; the reply is the id.
import { setPriority } from 'node:os';
import { hashSync } from '@node-rs/argon2';

setPriority(0, 19);
process.on('disconnect', () => process.exit(0));
process.on('message', ({ id, options }) => {
  hashSync(`burner-${id}`, options);
  process.send(id);
});
