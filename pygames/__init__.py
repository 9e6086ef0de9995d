"""pygames: the rules of Tanbo, Humble Tea Party and Storm in a Teacup, in pure Python."""

__version__ = "0.1.0"
