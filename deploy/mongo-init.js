// One-shot set-up of the compose stack's MongoDB, run by the mongo-init service with
// `mongosh --nodb`: initiate the three-member replica set (once), wait until it has a primary
// and two secondaries, then create or update the shop's own user (readWrite on its database
// only) with the password from .env. Safe to run on every `docker compose up`.
const env = process.env;
const enc = encodeURIComponent;
const root = `${enc(env.MONGO_ROOT_USERNAME)}:${enc(env.MONGO_ROOT_PASSWORD)}`;
const members = ['mongo1:27017', 'mongo2:27017', 'mongo3:27017'];

const first = new Mongo(`mongodb://${root}@${members[0]}/admin?directConnection=true`).getDB('admin');
// The set's status, or null before it is initiated (mongosh throws on a failed command).
function setStatus() {
  try {
    return first.adminCommand({ replSetGetStatus: 1 });
  } catch (e) {
    return null;
  }
}

if (!setStatus()) {
  print('initiating replica set rs0 with ' + members.join(', '));
  const res = first.adminCommand({
    replSetInitiate: {
      _id: 'rs0',
      // mongo1 is preferred as primary; any member takes over when it is down.
      members: members.map((host, i) => ({ _id: i, host, priority: i === 0 ? 2 : 1 })),
    },
  });
  if (res.ok !== 1) throw new Error('replSetInitiate: ' + tojson(res));
}

let healthy = false;
for (let i = 0; i < 180 && !healthy; i++) {
  const s = setStatus();
  const states = s && s.ok === 1 ? s.members.map((m) => m.stateStr) : [];
  healthy = states.filter((x) => x === 'PRIMARY').length === 1 &&
    states.filter((x) => x === 'SECONDARY').length === members.length - 1;
  if (!healthy) sleep(1000);
}
if (!healthy) throw new Error('the replica set has no primary and two secondaries after 3 minutes');
print('replica set rs0 is healthy');

const admin = new Mongo(`mongodb://${root}@${members.join(',')}/admin?replicaSet=rs0`).getDB('admin');
const roles = [{ role: 'readWrite', db: env.MONGO_DB }];
if (admin.getUser(env.MONGO_USERNAME)) {
  admin.updateUser(env.MONGO_USERNAME, { pwd: env.MONGO_PASSWORD, roles });
  print(`user ${env.MONGO_USERNAME} updated`);
} else {
  admin.createUser({ user: env.MONGO_USERNAME, pwd: env.MONGO_PASSWORD, roles });
  print(`user ${env.MONGO_USERNAME} created (readWrite on ${env.MONGO_DB})`);
}
