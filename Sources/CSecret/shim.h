// libsecret, the freedesktop Secret Service client library, and the GLib it is built on.
#include <libsecret/secret.h>
