b
a
