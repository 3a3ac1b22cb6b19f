//! owlet-host-tests: the std side of owlet.
